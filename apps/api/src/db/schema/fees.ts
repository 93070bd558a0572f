import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CUSTOMS_PARTS, TARIFF_CLASSES } from '@courier/shared/domain/customs';
import { FEE_APPLIES_TO, FEE_BAND_BASES, FEE_CODES, FEE_METHODS, type FeeBand } from '@courier/shared/domain/fees';
import { couriers } from './couriers';
import { users } from './users';

/**
 * A courier's fee (the fee engine): what it applies to and, through its versions, how much it
 * charges from which day. The fees every courier has (GCT, unknown, uncollected, switching, processing) and
 * storage and insurance carry a code billing finds them by; a courier's own fees have none.
 */
export const fees = pgTable(
  'fees',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    code: text({ enum: FEE_CODES }),
    /** The newest version's name, for lists. */
    name: text().notNull(),
    appliesTo: text({ enum: FEE_APPLIES_TO }).notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.code).where(sql`${t.code} is not null`), index().on(t.courierId)],
);

/**
 * One version of a fee, in force from `effectiveFrom` (a day in the courier's zone) until the next
 * version's day or `effectiveTo`. Versions are never edited: a change is a new version, so an
 * invoice priced again later finds the rates of its day (and only versions written before it).
 */
export const feeVersions = pgTable(
  'fee_versions',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    feeId: integer()
      .notNull()
      .references(() => fees.id),
    name: text().notNull(),
    method: text({ enum: FEE_METHODS }).notNull(),
    amountCents: integer().notNull().default(0),
    percentBps: integer().notNull().default(0),
    minimumCents: integer().notNull().default(0),
    bands: jsonb().$type<FeeBand[]>().notNull().default([]),
    bandBasis: text({ enum: FEE_BAND_BASES }).notNull().default('weight'),
    freeDays: integer().notNull().default(0),
    gctApplies: boolean().notNull().default(false),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.feeId, t.effectiveFrom)],
);

/** National tax rates as dated entries (GCT in Jamaica: 15% since 1 April 2020). Not a courier's. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial().primaryKey(),
    country: text().notNull(),
    code: text().notNull(),
    name: text().notNull(),
    percentBps: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex().on(t.country, t.code, t.effectiveFrom)],
);

/**
 * A courier's customs rates (duty by tariff class, SCF, levy, GCT on import, CAF, stamp duty, the
 * de minimis) as dated entries, each naming its published source. Never edited: a change is a new
 * row from a day, so an invoice priced again finds the rates of its day.
 */
export const customsRates = pgTable(
  'customs_rates',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    part: text({ enum: CUSTOMS_PARTS }).notNull(),
    tariffClass: text({ enum: TARIFF_CLASSES }),
    percentBps: integer().notNull().default(0),
    amountCents: integer().notNull().default(0),
    thresholdCents: integer().notNull().default(0),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    source: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.part, t.effectiveFrom)],
);
