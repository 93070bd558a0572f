import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/**
 * A courier's additional fees (the 'Manage Shipping Fees' settings): one row per courier, written
 * on the first save. GCT in tenths of a percent (the form's step is 0.1), fees in JMD cents.
 */
export const courierFeeSettings = pgTable('courier_fee_settings', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  gctTenthsPercent: integer().notNull().default(0),
  unknownFeeCents: integer().notNull().default(0),
  uncollectedFeeCents: integer().notNull().default(0),
  switchingFeeCents: integer().notNull().default(0),
  /** Charged when a hazardous or prohibited parcel is returned to the sender or disposed of. */
  hazardFeeCents: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Processing fees by weight range ('1lb to 10lbs'). The text is kept as the admin wrote it; the
 * parsed bounds let billing find the fee for a weight with one indexed query.
 */
export const processingFees = pgTable(
  'processing_fees',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    weightRange: text().notNull(),
    minWeightLbs: doublePrecision().notNull(),
    maxWeightLbs: doublePrecision().notNull(),
    feeCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.minWeightLbs)],
);
