import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { couriers } from './couriers';

/**
 * A shelf or bin at a branch's warehouse (A-01-3). Parcels are put away on one by scanning the
 * parcel then the shelf's label; a hold shelf takes the parcels on hold.
 */
export const shelves = pgTable(
  'shelves',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    /** Upper case, printed on the shelf's label as a Code 128 barcode. */
    code: text().notNull(),
    description: text(),
    isHold: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.code), index().on(t.courierId, t.branchId)],
);
