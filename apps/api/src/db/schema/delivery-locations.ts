import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/** Where a courier delivers, and what it charges (JMD cents) for it. */
export const deliveryLocations = pgTable(
  'delivery_locations',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    name: text().notNull(),
    parish: text().notNull(),
    feeCents: integer().notNull(),
    active: boolean().notNull().default(true),
    /** The driver may take the balance in cash at the door here (and only then hand the packages over). */
    cashOnDelivery: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.name)],
);
