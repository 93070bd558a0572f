import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ID_TYPES } from '@courier/shared/schemas/authorised-people';
import { couriers } from './couriers';
import { customers } from './customers';

/**
 * A person the customer lets collect their parcels: the counter checks the ID named here. Removing
 * one keeps the row (a past collection names it) and takes it off the list.
 */
export const authorisedPeople = pgTable(
  'authorised_people',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    name: text().notNull(),
    idType: text({ enum: ID_TYPES }).notNull(),
    idNumber: text().notNull(),
    phone: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.courierId, t.customerId)],
);
