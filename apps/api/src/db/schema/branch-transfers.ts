import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRANSFER_STATUSES } from '@courier/shared/constants/packages';
import { branches } from './branches';
import { couriers } from './couriers';
import { packages } from './packages';
import { users } from './users';

/**
 * Parcels travelling between two branches of a courier (a van from May Pen to Chapelton): loaded
 * by scan while a draft, sent, then scanned in at the receiving branch.
 */
export const branchTransfers = pgTable(
  'branch_transfers',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    /** `TRF-000001`, per courier, from nextCounter. */
    transferNumber: text().notNull(),
    fromBranchId: integer()
      .notNull()
      .references(() => branches.id),
    toBranchId: integer()
      .notNull()
      .references(() => branches.id),
    status: text({ enum: TRANSFER_STATUSES }).notNull().default('draft'),
    note: text(),
    createdBy: integer().references(() => users.id),
    sentBy: integer().references(() => users.id),
    sentAt: timestamp({ withTimezone: true }),
    receivedBy: integer().references(() => users.id),
    receivedAt: timestamp({ withTimezone: true }),
    cancelledBy: integer().references(() => users.id),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.transferNumber), index().on(t.courierId, t.status, t.createdAt)],
);

/**
 * One scan of a transfer: a parcel loaded on it (`loaded`, with when the receiving branch scanned
 * it in), or a scan at the receiving branch of something never loaded (`extra`).
 */
export const branchTransferPackages = pgTable(
  'branch_transfer_packages',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    transferId: integer()
      .notNull()
      .references(() => branchTransfers.id),
    packageId: integer().references(() => packages.id),
    /** The code as scanned (the package number for a piece of several, else the tracking number). */
    scanKey: text().notNull(),
    result: text({ enum: ['loaded', 'extra'] }).notNull(),
    addedBy: integer().references(() => users.id),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    scannedInBy: integer().references(() => users.id),
    scannedInAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.courierId, t.transferId, t.scanKey), index().on(t.courierId, t.packageId)],
);
