import { shopRequestNumber } from '@courier/shared/constants/services';
import { estimateArrival } from '@courier/shared/domain/arrival';
import { dayInZone } from '@courier/shared/domain/datetime';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PACKAGE_MESSAGES, type PackageDto, type PackageEvent, type PackageListItem } from '@courier/shared/schemas/packages';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { manifests } from '../../db/schema/manifests';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { shelves } from '../../db/schema/shelves';
import { users } from '../../db/schema/users';
import { courierZoneColumn } from '../../lib/courier-zone';
import { listScope, recordScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { customerNameSql } from '../customers/index';

export { customerNameSql };

/** The columns every package answer is built from: the row and the names it points to. */
export const packageColumns = {
  pkg: packages,
  courierName: couriers.name,
  timeZone: courierZoneColumn,
  customerName: customerNameSql,
  mailboxNumber: customers.mailboxNumber,
  customerEmail: customers.email,
  customerFirstName: customers.firstName,
  branchName: branches.name,
  atBranchName: sql<
    string | null
  >`(select b.name from branches b where b.id = ${packages.atBranchId} and b.courier_id = ${packages.courierId})`,
  manifestNumber: manifests.manifestNumber,
  manifestDeparture: manifests.departureDate,
  manifestArrival: manifests.arrivalDate,
  manifestArrivedAt: manifests.arrivedAt,
  customsDays: couriers.customsDays,
  hasInvoice: sql<boolean>`(${preAlerts.invoicePath} is not null or ${packages.invoicePath} is not null)`,
  shopRequestId: preAlerts.shopRequestId,
  shelfCode: shelves.code,
  /** The customer asked for a photo of the contents and staff have not taken it yet. */
  contentsPhotoAsked: sql<boolean>`exists (select 1 from contents_photo_requests r where r.package_id = ${packages.id} and r.courier_id = ${packages.courierId} and r.status = 'open')`,
  /** The live pieces received under this package's tracking number (1 for a single box). */
  piecesIn: sql<number>`case when ${packages.pieceCount} = 1 then 1 else (select count(*)::int from packages p2 where p2.courier_id = ${packages.courierId} and p2.tracking_number = ${packages.trackingNumber} and p2.voided_at is null) end`,
};

/**
 * A package's customer, joined within the package's courier. Besides keeping a tenant's rows
 * apart, naming the courier lets PostgreSQL carry the list's `courier_id = ?` over to customers,
 * so a sort by customer name hashes that courier's customers, not every courier's (54 -> 34 ms at
 * 50,000 customers for a 30-day page, bench/packages-1m.ts).
 */
export const packageCustomerJoin = and(eq(customers.id, packages.customerId), eq(customers.courierId, packages.courierId));

/** Selects packages with their names; callers add where/order/limit. */
export function selectPackages(db: Db) {
  return db
    .select(packageColumns)
    .from(packages)
    .innerJoin(couriers, eq(couriers.id, packages.courierId))
    .leftJoin(customers, packageCustomerJoin)
    .leftJoin(branches, eq(branches.id, packages.branchId))
    .leftJoin(manifests, eq(manifests.id, packages.manifestId))
    .leftJoin(preAlerts, eq(preAlerts.id, packages.preAlertId))
    .leftJoin(shelves, eq(shelves.id, packages.shelfId));
}
export type PackageRow = Awaited<ReturnType<ReturnType<typeof selectPackages>['execute']>>[number];

/** The staff list's columns: only packageListItemSchema's, so PostgreSQL sends, pg parses and the serializer writes a third of a full row. */
export const packageListItemColumns = {
  id: packages.id,
  courierId: packages.courierId,
  courierName: couriers.name,
  timeZone: courierZoneColumn,
  packageNumber: packages.packageNumber,
  trackingNumber: packages.trackingNumber,
  status: packages.status,
  holdReason: packages.holdReason,
  customerName: customerNameSql,
  mailboxNumber: customers.mailboxNumber,
  branchName: branches.name,
  mode: packages.mode,
  manifestNumber: manifests.manifestNumber,
  weightLb: packages.weightLb,
  receivedAt: packages.receivedAt,
};

/**
 * The staff list's rows (packageListItemColumns), with the same joins as selectPackages but the
 * pre-alert, which only `hasInvoice` needs. `columns` may name them otherwise: the prepared page
 * does, and reads its rows raw (the builder's row type is then not theirs).
 */
export function selectPackageListItems(db: Db, columns: SelectedFields = packageListItemColumns) {
  return db
    .select(columns as typeof packageListItemColumns)
    .from(packages)
    .innerJoin(couriers, eq(couriers.id, packages.courierId))
    .leftJoin(customers, packageCustomerJoin)
    .leftJoin(branches, eq(branches.id, packages.branchId))
    .leftJoin(manifests, eq(manifests.id, packages.manifestId));
}
type PackageListRow = Awaited<ReturnType<ReturnType<typeof selectPackageListItems>['execute']>>[number];
/** A list row as pg answers it without drizzle's mapping: numeric and timestamp as text. */
export type RawPackageListRow = Omit<PackageListRow, 'weightLb' | 'receivedAt'> & { weightLb: string; receivedAt: string };

/** A list row; `withZone` (the super admin's list of every courier) adds its courier's zone. */
export function toPackageListItem(row: PackageListRow | RawPackageListRow, withZone: boolean): PackageListItem {
  return {
    id: row.id,
    courierId: row.courierId,
    courierName: row.courierName,
    // Left undefined (not written) otherwise; one shape for every row keeps the hot path monomorphic.
    timeZone: withZone ? row.timeZone : undefined,
    packageNumber: row.packageNumber,
    trackingNumber: row.trackingNumber,
    status: row.status,
    holdReason: row.holdReason,
    customerName: row.customerName,
    mailboxNumber: row.mailboxNumber,
    branchName: row.branchName,
    mode: row.mode,
    manifestNumber: row.manifestNumber,
    weightLb: Number(row.weightLb),
    receivedAt: typeof row.receivedAt === 'string' ? isoFromPg(row.receivedAt) : row.receivedAt.toISOString(),
  };
}

/** A timestamptz as PostgreSQL writes it in UTC (DateStyle ISO): `2026-11-24 07:55:20.5089+00`. */
const PG_UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * PostgreSQL's text of a timestamptz as `Date#toISOString` writes it (milliseconds, truncated),
 * without a Date when the session's zone is UTC: `new Date(text).toISOString()` cost 1 to 1.5 µs
 * a row, a twentieth of a 50-row page. Any other zone or form goes through a Date.
 */
export function isoFromPg(text: string): string {
  const utc = PG_UTC_TIMESTAMP.exec(text);
  if (!utc) return new Date(text).toISOString();
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPackageDto(row: PackageRow): PackageDto {
  const p = row.pkg;
  return {
    id: p.id,
    courierId: p.courierId,
    courierName: row.courierName,
    timeZone: row.timeZone,
    packageNumber: p.packageNumber,
    trackingNumber: p.trackingNumber,
    carrier: p.carrier,
    status: p.status,
    heldFrom: p.heldFrom,
    holdReason: p.holdReason,
    voidedAt: iso(p.voidedAt),
    voidReason: p.voidReason,
    customerId: p.customerId,
    customerName: row.customerName,
    mailboxNumber: row.mailboxNumber,
    branchId: p.branchId,
    branchName: row.branchName,
    atBranchName: row.atBranchName,
    preAlertId: p.preAlertId,
    weightLb: Number(p.weightLb),
    lengthIn: p.lengthIn === null ? null : Number(p.lengthIn),
    widthIn: p.widthIn === null ? null : Number(p.widthIn),
    heightIn: p.heightIn === null ? null : Number(p.heightIn),
    mode: p.mode,
    manifestId: p.manifestId,
    manifestNumber: row.manifestNumber,
    declaredValueUsdCents: p.declaredValueUsdCents,
    description: p.description,
    merchant: p.merchant,
    hasInvoice: Boolean(row.hasInvoice),
    shopRequestNo: row.shopRequestId === null ? null : shopRequestNumber(row.shopRequestId),
    tariffClass: p.tariffClass,
    assignedFromUnknown: p.assignedFromUnknown,
    receivedAt: p.receivedAt.toISOString(),
    readyAt: iso(p.readyAt),
    deliveredAt: iso(p.deliveredAt),
    uncollectedSince: iso(p.uncollectedSince),
    hazardLevel: p.hazardLevel,
    hazardCategory: p.hazardCategory,
    hazardNote: p.hazardNote,
    hazardOutcome: p.hazardOutcome,
    hazardFeeCents: p.hazardFeeCents,
    shelfId: p.shelfId,
    shelfCode: row.shelfCode,
    contentsPhotoAsked: Boolean(row.contentsPhotoAsked),
    labelMailbox: p.labelMailbox,
    labelName: p.labelName,
    pieceNumber: p.pieceNumber,
    pieceCount: p.pieceCount,
    piecesIn: Number(row.piecesIn),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    // Computed on read, so it follows the manifest as it moves.
    estimatedArrival: estimateArrival({
      status: p.status,
      mode: p.mode,
      departureDate: row.manifestDeparture,
      arrivalDate: row.manifestArrival,
      arrivedDay: row.manifestArrivedAt ? dayInZone(row.manifestArrivedAt, row.timeZone) : null,
      customsDays: row.customsDays,
    }),
  };
}

/** One package by id inside a courier scope (null scope: the super admin, any courier). */
export async function findPackage(db: Db, id: number, courierId: number | null, extra?: SQL): Promise<PackageRow | undefined> {
  const [row] = await selectPackages(db)
    .where(and(eq(packages.id, id), courierId === null ? undefined : eq(packages.courierId, courierId), extra))
    .limit(1);
  return row;
}

/** The package inside the staff member's courier; another courier's answers 404. */
export async function staffPackage(db: Db, user: AuthUser, id: number) {
  const row = await findPackage(db, id, recordScope(user));
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  return row.pkg;
}

/** The customer's own package; anyone else's answers 404. */
export async function ownPackage(db: Db, user: AuthUser, id: number) {
  const row = await findPackage(db, id, listScope(user), eq(packages.customerId, user.id));
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  return row.pkg;
}

export async function findPackagesByIds(db: Db, ids: number[], courierId: number): Promise<PackageRow[]> {
  if (ids.length === 0) return [];
  return selectPackages(db).where(and(eq(packages.courierId, courierId), inArray(packages.id, ids)));
}

/** The timeline, oldest first; staff names are shown, never their e-mail. */
export async function packageTimeline(db: Db, courierId: number, packageId: number): Promise<PackageEvent[]> {
  const rows = await db
    .select({
      e: packageEvents,
      userName: sql<string | null>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
      branchName: branches.name,
    })
    .from(packageEvents)
    .leftJoin(users, eq(users.id, packageEvents.userId))
    .leftJoin(branches, eq(branches.id, packageEvents.branchId))
    .where(and(eq(packageEvents.courierId, courierId), eq(packageEvents.packageId, packageId)))
    .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id));
  return rows.map((r) => ({
    id: r.e.id,
    status: r.e.status,
    fromStatus: r.e.fromStatus,
    note: r.e.note,
    userName: r.userName,
    branchName: r.branchName,
    createdAt: r.e.createdAt.toISOString(),
  }));
}
