import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MANIFEST_STATUSES, SHIPPING_MODES } from '@courier/shared/constants/packages';
import { branches } from './branches';
import { couriers } from './couriers';
import { users } from './users';

/** A consolidation of packages on one flight (AIR, MAWB) or one vessel (SEA, bill of lading). */
export const manifests = pgTable(
  'manifests',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    /** `MAN-000001`, per courier, from nextCounter. */
    manifestNumber: text().notNull(),
    type: text({ enum: SHIPPING_MODES }).notNull(),
    /** The MAWB number (AIR) or the bill of lading number (SEA). */
    mawbOrBl: text(),
    flightOrVessel: text(),
    departureDate: date({ mode: 'string' }),
    arrivalDate: date({ mode: 'string' }),
    /** The branch that reconciles it on arrival. */
    branchId: integer().references(() => branches.id),
    status: text({ enum: MANIFEST_STATUSES }).notNull().default('open'),
    /** Written when reconciliation closes: missing and extra packages, automatically. */
    discrepancyNote: text(),
    /** The person's own note at closing, kept apart from the automatic text. */
    reconciliationNote: text(),
    missingCount: integer(),
    extraCount: integer(),
    createdBy: integer().references(() => users.id),
    closedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    arrivedAt: timestamp({ withTimezone: true }),
    reconciledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.manifestNumber), index().on(t.courierId, t.status, t.createdAt)],
);
