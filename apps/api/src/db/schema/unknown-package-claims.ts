import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CLAIM_STATUSES } from '@courier/shared/constants/packages';
import { couriers } from './couriers';
import { customers } from './customers';
import { packages } from './packages';
import { users } from './users';

/** A customer's claim that an unknown package is theirs, with proof, for staff to decide. */
export const unknownPackageClaims = pgTable(
  'unknown_package_claims',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    note: text(),
    proofPath: text().notNull(),
    proofName: text().notNull(),
    proofMime: text().notNull(),
    status: text({ enum: CLAIM_STATUSES }).notNull().default('pending'),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.status, t.createdAt), index().on(t.courierId, t.packageId)],
);
