import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/** Platform-wide key/value settings: the generated token secret, default brand, platform SMTP. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Per-courier sequences (mailbox, invoice, ticket numbers): one atomic UPDATE ... RETURNING. */
export const courierCounters = pgTable(
  'courier_counters',
  {
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    name: text().notNull(),
    value: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courierId, t.name] })],
);
