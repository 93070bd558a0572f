import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/** A named set of `module_action` permissions, owned by one courier. */
export const roles = pgTable(
  'roles',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    name: text().notNull(),
    description: text(),
    permissions: text().array().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.name)],
);
