import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TICKET_STATUSES } from '@courier/shared/schemas/tickets';
import { couriers } from './couriers';
import { customers } from './customers';

/**
 * A support ticket opened by a customer. The last customer and staff message times
 * are kept on the row so the unread count per reader is one indexed query, not a scan of messages.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    /** `TKT-000001`, per courier, from `nextCounter`. */
    ticketNo: text().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    subject: text().notNull(),
    department: text().notNull(),
    status: text({ enum: TICKET_STATUSES }).notNull().default('Pending'),
    lastCustomerMessageAt: timestamp({ withTimezone: true }),
    lastStaffMessageAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.ticketNo),
    index().on(t.courierId, t.lastCustomerMessageAt),
    index().on(t.courierId, t.customerId, t.updatedAt),
    index().on(t.courierId, t.updatedAt),
  ],
);
