import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { couriers } from './couriers';
import { manifests } from './manifests';
import { packages } from './packages';
import { users } from './users';

/**
 * What the branch scanned while reconciling an arrived manifest. A scan of a package not on the
 * manifest is kept as `extra` (with the package when the courier knows it).
 */
export const manifestScans = pgTable(
  'manifest_scans',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    manifestId: integer()
      .notNull()
      .references(() => manifests.id),
    packageId: integer().references(() => packages.id),
    trackingNumber: text().notNull(),
    result: text({ enum: ['expected', 'extra'] }).notNull(),
    scannedBy: integer().references(() => users.id),
    branchId: integer().references(() => branches.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.manifestId, t.trackingNumber), index().on(t.courierId, t.packageId)],
);
