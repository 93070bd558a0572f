import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLAIM_REASONS, CLAIM_STATUSES } from '@courier/shared/schemas/insurance';
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
    openedByUser: integer().references(() => users.id),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.claimNo), index().on(t.courierId, t.packageId), index().on(t.courierId, t.customerId)],
);
