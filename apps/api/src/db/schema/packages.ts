import { LEAVING_KINDS } from '@courier/shared/domain/package-status';
import { TARIFF_CLASSES } from '@courier/shared/domain/customs';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CARRIERS, PACKAGE_STATUSES, SHIPPING_MODES } from '@courier/shared/constants/packages';
import { HAZARD_CATEGORIES, HAZARD_LEVELS, HAZARD_OUTCOMES } from '@courier/shared/constants/warehouse';
import { branches } from './branches';
import { couriers } from './couriers';
import { customers } from './customers';
import { manifests } from './manifests';
import { preAlerts } from './pre-alerts';
import { shelves } from './shelves';
import { users } from './users';

/**
 * A parcel from the moment the US warehouse scans it. `customer_id` is null while the package is
 * unknown. Weight and dimensions are exact decimals (lb, inches) so manifest totals add up.
 */
export const packages = pgTable(
  'packages',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    /** `PKG-000001`, per courier, from nextCounter; printed as the label's barcode. */
    packageNumber: text().notNull(),
    trackingNumber: text().notNull(),
    carrier: text({ enum: CARRIERS }).notNull().default('OTHER'),
    customerId: integer().references(() => customers.id),
    /** The branch the package is collected from (the customer's branch when received). */
    branchId: integer().references(() => branches.id),
    /** The branch in Jamaica where the parcel is now (null before it arrives, or while on a transfer's van it stays the sending one). */
    atBranchId: integer().references(() => branches.id),
    /** When it cleared customs: from then on it may travel on a branch transfer. */
    clearedAt: timestamp({ withTimezone: true }),
    preAlertId: integer().references(() => preAlerts.id),
    status: text({ enum: PACKAGE_STATUSES }).notNull(),
    /** For on_hold: the status to return to. */
    heldFrom: text({ enum: PACKAGE_STATUSES }),
    weightLb: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    lengthIn: numeric({ precision: 8, scale: 2, mode: 'number' }),
    widthIn: numeric({ precision: 8, scale: 2, mode: 'number' }),
    heightIn: numeric({ precision: 8, scale: 2, mode: 'number' }),
    mode: text({ enum: SHIPPING_MODES }).notNull().default('AIR'),
    manifestId: integer().references(() => manifests.id),
    declaredValueUsdCents: integer(),
    /** The customs tariff class its import duty is priced by (general merchandise until someone says). */
    tariffClass: text({ enum: TARIFF_CLASSES }).notNull().default('general'),
    description: text(),
    merchant: text(),
    /** Set when the package was assigned from Unknown: billing adds the unknown fee. */
    assignedFromUnknown: boolean().notNull().default(false),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Set once by the daily job when the package passes 15 days ready; billing adds the fee. */
    uncollectedSince: timestamp({ withTimezone: true }),
    uncollectedFeeApplied: boolean().notNull().default(false),
    /** Insured for its declared value (billing adds the premium); null follows the customer's "insure every package". */
    insured: boolean(),
    /** The mailbox and name as read off the label at receiving, whether or not they matched a customer. */
    labelMailbox: text(),
    labelName: text(),
    /** When the customer was told storage fees are about to start (once). */
    storageReminderAt: timestamp({ withTimezone: true }),
    /** Days it spent ready in the warehouse, set when it left (storage is charged on them, once). */
    storageDays: integer(),
    /** Set once when the customer changed the pickup branch after the package was manifested: billing adds the switching fee. */
    switchedBranchAt: timestamp({ withTimezone: true }),
    receivedBy: integer().references(() => users.id),
    /** The merchant invoice staff uploaded for a package with no pre-alert (storage key, as pre-alerts keep theirs). */
    invoicePath: text(),
    invoiceName: text(),
    invoiceMime: text(),
    /** Why the package is on hold (e.g. the merchant invoice customs needs is missing); cleared on release. */
    holdReason: text(),
    /** When the customer was reminded (once) of the merchant invoice a hold waits for. */
    invoiceReminderAt: timestamp({ withTimezone: true }),
    /**
     * Set when staff void a package received by mistake: it is kept for the record but leaves the
     * lists, manifests and billing, and its tracking number may be received again.
     */
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    voidedBy: integer().references(() => users.id),
    /** The open consolidation request holding the package (kept off manifests until the repack or a cancel). */
    consolidationRequestId: integer(),
    /** Set when the package was repacked into a new parcel: billing, tracking and manifests follow that one. */
    consolidatedIntoId: integer().references((): AnyPgColumn => packages.id),
    /** Dangerous goods: hazardous parcels never fly (SEA only, or returned/disposed); prohibited ones never ship. */
    hazardLevel: text({ enum: HAZARD_LEVELS }),
    hazardCategory: text({ enum: HAZARD_CATEGORIES }),
    hazardNote: text(),
    hazardOutcome: text({ enum: HAZARD_OUTCOMES }),
    /** The courier's return/disposal fee, fixed when staff chose that outcome (JMD cents). */
    hazardFeeCents: integer(),
    /** The customer asked for it to be returned to the sender or discarded: it moves on by no path. */
    leaving: text({ enum: LEAVING_KINDS }),
    /** The shelf the parcel was last put away on (its moves are package events). */
    shelfId: integer().references(() => shelves.id),
    /** One carrier tracking number with several boxes: each box is its own package, piece n of count. */
    pieceNumber: integer().notNull().default(1),
    pieceCount: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.packageNumber),
    // Scans find voided packages too (to say so): they need every row's tracking number indexed.
    index('packages_courier_tracking_idx').on(t.courierId, t.trackingNumber),
    uniqueIndex('packages_courier_tracking_piece_idx').on(t.courierId, t.trackingNumber, t.pieceNumber).where(sql`${t.voidedAt} is null`),
    // No list sorts or filters by created_at (the staff list uses received_at): no index on it.
    index().on(t.courierId, t.customerId, t.createdAt),
    index().on(t.courierId, t.branchId, t.status),
    index().on(t.courierId, t.manifestId),
    index().on(t.courierId, t.shelfId),
    index('packages_courier_ready_idx').on(t.courierId, t.readyAt).where(sql`${t.status} = 'ready_for_pickup'`),
    // The staff list sorts by received date, newest first, alone or within a status (bench/packages-1m.ts).
    index().on(t.courierId, t.receivedAt),
    index().on(t.courierId, t.status, t.receivedAt),
    // The list's search box (a substring of these, pg_trgm): see package-search.ts.
    index('packages_search_trgm_idx').using(
      'gin',
      t.packageNumber.op('gin_trgm_ops'),
      t.trackingNumber.op('gin_trgm_ops'),
      t.merchant.op('gin_trgm_ops'),
      t.description.op('gin_trgm_ops'),
    ),
  ],
);
