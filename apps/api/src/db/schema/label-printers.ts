import { integer, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { couriers } from './couriers';

/** A network label printer at a branch: ZPL jobs go to host:port over raw TCP (9100). */
export const labelPrinters = pgTable(
  'label_printers',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    name: text().notNull(),
    host: text().notNull(),
    port: integer().notNull().default(9100),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.branchId)],
);
