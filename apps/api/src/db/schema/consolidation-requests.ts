import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONSOLIDATION_STATUSES, REPACK_OPTIONS } from '@courier/shared/constants/services';
import { couriers } from './couriers';
import { feeVersions } from './fees';
import { customers } from './customers';
import { packages } from './packages';
import { users } from './users';

/**
 * A customer's request to repack packages waiting at the warehouse into one parcel. The fee (JMD
 * cents, from the courier's consolidation fee entry) is fixed when asked and charged on the new parcel's invoice; a cancel before the repack
 * charges nothing.
 */
export const consolidationRequests = pgTable(
  'consolidation_requests',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** `CON-000001`, per courier. */
    requestNo: text().notNull(),
    status: text({ enum: CONSOLIDATION_STATUSES }).notNull().default('requested'),
    repack: text({ enum: REPACK_OPTIONS }).notNull(),
    /** Hold new arrivals until this day before repacking. */
    holdUntil: date({ mode: 'string' }),
    notes: text().notNull().default(''),
    feeCents: integer().notNull(),
    /** The fee engine version that priced the fee (the invoice line names it). */
    feeVersionId: integer().references(() => feeVersions.id),
    newPackageId: integer().references(() => packages.id),
    completedBy: integer().references(() => users.id),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.requestNo),
    index().on(t.courierId, t.status, t.createdAt),
    index().on(t.courierId, t.customerId, t.createdAt),
    index().on(t.courierId, t.newPackageId),
  ],
);

/** The packages a consolidation request names (kept after a cancel, for the record). */
export const consolidationRequestPackages = pgTable(
  'consolidation_request_packages',
  {
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    requestId: integer()
      .notNull()
      .references(() => consolidationRequests.id),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.packageId] }), index().on(t.courierId, t.packageId)],
);
