import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/** A courier's freight rate for one weight: weight as text, cost in JMD cents. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    weight: text().notNull(),
    costCents: integer().notNull(),
    status: text({ enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.status)],
);
