import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLAIM_PAYOUTS, CLAIM_REASONS, CLAIM_STATUSES } from '@courier/shared/schemas/insurance';
import { couriers } from './couriers';
import { customers } from './customers';
import { packages } from './packages';
import { users } from './users';

/** A claim on an insured package that arrived damaged or was lost, and its outcome. */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    claimNo: text().notNull(),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    reason: text({ enum: CLAIM_REASONS }).notNull(),
    description: text().notNull(),
    /** What the package was insured for (its declared value), US cents. */
    insuredValueUsdCents: integer().notNull(),
    status: text({ enum: CLAIM_STATUSES }).notNull().default('open'),
    /** Approved amount, US cents; null until approved. */
    approvedUsdCents: integer(),
    decisionReason: text(),
    /** How an approved claim was paid: account credit or a refund (the courier chose at approval). */
    payout: text({ enum: CLAIM_PAYOUTS }),
    /** What was paid, JMD cents (the approved US amount at the courier's exchange rate). */
    payoutCents: integer(),
    openedByUser: integer().references(() => users.id),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.claimNo), index().on(t.courierId, t.packageId), index().on(t.courierId, t.customerId)],
);

/** The customer's photos of a claim, re-encoded like package photos (folder `claim-photos`). */
export const insuranceClaimPhotos = pgTable(
  'insurance_claim_photos',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    claimId: integer()
      .notNull()
      .references(() => insuranceClaims.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    thumbName: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.claimId)],
);
