import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { customers } from './customers';
import { tickets } from './tickets';
import { users } from './users';

export interface TicketAttachment {
  name: string;
  url: string;
  size: number;
  contentType: string;
}

/** One message on a ticket: `userId` when staff wrote it, `customerId` when the customer did. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id),
    customerId: integer().references(() => customers.id),
    body: text().notNull(),
    attachments: jsonb().$type<TicketAttachment[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.ticketId, t.createdAt)],
);
