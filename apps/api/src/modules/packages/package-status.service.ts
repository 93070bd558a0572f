import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import { canTransition, nextStatuses } from '@courier/shared/domain/package-status';
import type { Db } from '../../db/client';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { courierNow } from '../../lib/courier-clock';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { PackageNoticeBatch, type StatusChange, sendPackageNotices } from './package-notices.service';
import { type Release, ensureReleasable, isLeaving } from './release.service';
import { publish } from '../../lib/domain-events';
import { chargeStorageOnLeaving } from './package-storage.service';
import { branchesOf } from './package-location.service';

type PackageRecord = typeof packages.$inferSelect;

export interface Actor {
  userId: number | null;
  branchId: number | null;
}
export const actorOf = (user: AuthUser): Actor => ({ userId: user.kind === 'user' ? user.id : null, branchId: user.branchId });

/** Packages with a live delivery request: only they may go out for delivery. */
export async function hasActiveDeliveryRequest(db: Db, courierId: number, packageId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryRequestPackages)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, deliveryRequestPackages.deliveryRequestId))
    .where(
      and(
        eq(deliveryRequestPackages.courierId, courierId),
        eq(deliveryRequestPackages.packageId, packageId),
        inArray(deliveryRequests.status, ['requested', 'scheduled', 'out_for_delivery']),
      ),
    );
  return (row?.n ?? 0) > 0;
}

const hazardOf = (pkg: PackageRecord) => ({ level: pkg.hazardLevel, outcome: pkg.hazardOutcome });

/** Only a move to ready from customs or a transfer weighs the branches. */
const weighsBranches = (from: PackageStatus, to: PackageStatus) =>
  to === 'ready_for_pickup' && (from === 'at_customs' || from === 'in_transfer');

export async function nextStatusesOf(db: Db, pkg: PackageRecord): Promise<PackageStatus[]> {
  const hasDeliveryRequest = pkg.status === 'ready_for_pickup' ? await hasActiveDeliveryRequest(db, pkg.courierId, pkg.id) : false;
  const where = weighsBranches(pkg.status, 'ready_for_pickup') ? await branchesOf(db, pkg) : undefined;
  return nextStatuses(pkg.status, {
    heldFrom: pkg.heldFrom,
    hasDeliveryRequest,
    hazard: hazardOf(pkg),
    branches: where,
    leaving: pkg.leaving,
  });
}

const OFF_THE_SHELF: ReadonlySet<PackageStatus> = new Set([
  'in_transit',
  'in_transfer',
  'out_for_delivery',
  'delivered',
  'returned_to_sender',
  'discarded',
]);

export async function writeEvent(
  db: Db,
  e: { courierId: number; packageId: number; status: PackageStatus; fromStatus: PackageStatus | null; actor: Actor; note?: string | null },
): Promise<void> {
  await db.insert(packageEvents).values({
    courierId: e.courierId,
    packageId: e.packageId,
    status: e.status,
    fromStatus: e.fromStatus,
    userId: e.actor.userId,
    branchId: e.actor.branchId,
    note: e.note ?? null,
  });
}

/** Several timeline lines at once (a batch of the agent's file); the packages module writes them. */
export async function writeEvents(db: Db, lines: Array<typeof packageEvents.$inferInsert>): Promise<void> {
  if (lines.length > 0) await db.insert(packageEvents).values(lines);
}

/**
 * The one function that writes a package's status: every path (status buttons, bulk status,
 * scans, manifests, reconciliation, collection, delivery, import, the API) moves a package here.
 * Moves one package to a new status: the state machine decides (with the hazard and hold rules), an event is written, the
 * timestamps that depend on the status are kept, and `package.status_changed` is published (the
 * customer's notice and the webhooks are its subscribers). Throws a 409 with the state machine's message when the move is not allowed. A move out of
 * our hands (out for delivery, delivered) also passes the release rule, so it needs `release`.
 * Run it inside a transaction with the row locked when several moves may race.
 */
export async function transitionPackage(
  db: Db,
  mailer: Mailer,
  pkg: PackageRecord,
  to: PackageStatus,
  actor: Actor,
  options: {
    note?: string | null;
    manifestNumber?: string | null;
    /** An invoice e-mail issued at the same moment says it is ready: no separate "ready" e-mail. */
    emailByInvoice?: boolean;
    /** A bulk action's batch: the change is published with the others when it ends (one notice per customer). */
    notices?: PackageNoticeBatch;
    holdReason?: string;
    release?: Release;
    /** A branch transfer's send or arrival scan: the only moves in and out of in_transfer. */
    viaTransfer?: boolean;
    /** The branch the parcel is at from now on (a reconciliation or a transfer's arrival scan). */
    atBranchId?: number | null;
  } = {},
): Promise<PackageRecord> {
  const hasDeliveryRequest = to === 'out_for_delivery' ? await hasActiveDeliveryRequest(db, pkg.courierId, pkg.id) : false;
  // A parcel is ready only where it is collected: every path to ready weighs where it is.
  const where = weighsBranches(pkg.status, to) ? await branchesOf(db, pkg, options.atBranchId) : undefined;
  const verdict = canTransition(pkg.status, to, {
    heldFrom: pkg.heldFrom,
    hasDeliveryRequest,
    hazard: hazardOf(pkg),
    branches: where,
    viaTransfer: options.viaTransfer,
    leaving: pkg.leaving,
  });
  if (!verdict.ok) throw new AppError('conflict', `${pkg.packageNumber}: ${verdict.message}`);
  if (isLeaving(to)) {
    // A programming error, not a person's: every way out must say who releases the package.
    if (!options.release) throw new Error(`Moving ${pkg.packageNumber} to ${to} needs the release rule`);
    // Storage is charged as the package leaves, before the release rule weighs the balance.
    await chargeStorageOnLeaving({ db, mailer, courierId: pkg.courierId, packageIds: [pkg.id] });
    await ensureReleasable(db, pkg, to, options.release);
  }
  const now = new Date();
  // The day it is ready is on the courier's clock (a test-mode courier's may run ahead): storage counts from it.
  const readyNow = to === 'ready_for_pickup' && !pkg.readyAt ? await courierNow(db, pkg.courierId, now) : now;
  const [updated] = await db
    .update(packages)
    .set({
      status: to,
      heldFrom: to === 'on_hold' ? pkg.status : null,
      // Why it is held stays on the package (the timeline has it too) until the hold ends.
      holdReason: to === 'on_hold' ? (options.holdReason ?? options.note ?? null) : null,
      // Each hold for an invoice earns its own reminder.
      invoiceReminderAt: null,
      // A package made ready again (after a hold or a failed delivery) keeps its first ready date,
      // so the uncollected clock is not reset by a round trip.
      readyAt: to === 'ready_for_pickup' ? (pkg.readyAt ?? readyNow) : pkg.readyAt,
      // Ready means cleared, and at the branch it is ready at.
      clearedAt: to === 'ready_for_pickup' ? (pkg.clearedAt ?? now) : pkg.clearedAt,
      atBranchId:
        options.atBranchId !== undefined ? options.atBranchId : to === 'ready_for_pickup' ? (where?.at ?? pkg.atBranchId) : pkg.atBranchId,
      deliveredAt: to === 'delivered' ? now : pkg.deliveredAt,
      // A parcel that leaves the warehouse is off its shelf (the timeline keeps where it was).
      shelfId: OFF_THE_SHELF.has(to) ? null : pkg.shelfId,
      updatedAt: now,
    })
    // Guards against a concurrent change between the read and this write.
    .where(and(eq(packages.id, pkg.id), eq(packages.courierId, pkg.courierId), eq(packages.status, pkg.status)))
    .returning();
  if (!updated) throw new AppError('conflict', `${pkg.packageNumber}: the package changed meanwhile; please reload`);
  await writeEvent(db, { courierId: pkg.courierId, packageId: pkg.id, status: to, fromStatus: pkg.status, actor, note: options.note });
  // The webhooks and the customer's notice (a hold for the invoice asks for it) subscribe; within
  // a bulk action the change waits in its batch, so each customer hears once per kind.
  const news: StatusChange = {
    id: pkg.id,
    packageNumber: pkg.packageNumber,
    trackingNumber: pkg.trackingNumber,
    status: to,
    previousStatus: pkg.status,
    ...(options.emailByInvoice ? { noEmail: true } : {}),
    ...(options.manifestNumber ? { manifestNumber: options.manifestNumber } : {}),
  };
  if (options.notices) options.notices.changed(pkg.courierId, news);
  else await publish({ db, mailer }, pkg.courierId, 'package.status_changed', { changes: [news] });
  return updated;
}

/** Packages moved per statement: a 1,200-parcel flight is one statement (a 5,000-parcel ship three), not thousands. */
const BULK = 2000;

/** What a bulk move reads of each package: the state machine's facts and the notice's words. */
export const bulkPackageColumns = {
  id: packages.id,
  courierId: packages.courierId,
  packageNumber: packages.packageNumber,
  trackingNumber: packages.trackingNumber,
  status: packages.status,
  heldFrom: packages.heldFrom,
  hazardLevel: packages.hazardLevel,
  hazardOutcome: packages.hazardOutcome,
  leaving: packages.leaving,
  customerId: packages.customerId,
  branchId: packages.branchId,
  description: packages.description,
};
export type BulkPackage = Pick<PackageRecord, keyof typeof bulkPackageColumns>;

/**
 * Moves many packages at once (a manifest shipping): the same state machine, timeline and
 * `package.status_changed` (one event for the whole move) as `transitionPackage`, in one statement per BULK packages of a status (the packages
 * and their timeline lines written together). Only for moves that stay in our hands and hold
 * nothing (never a release, a hold, a move to ready or a transfer, which weigh each package alone).
 * Run it in the caller's transaction: all move, or none.
 */
export async function transitionPackages(
  db: Db,
  mailer: Mailer,
  pkgs: BulkPackage[],
  to: PackageStatus,
  actor: Actor,
  options: { note?: string | null; manifestNumber?: string | null; notices?: PackageNoticeBatch } = {},
): Promise<BulkPackage[]> {
  if (isLeaving(to) || to === 'on_hold' || to === 'out_for_delivery' || to === 'ready_for_pickup' || to === 'in_transfer')
    throw new Error(`Moving packages to ${to} is one by one`);
  for (const pkg of pkgs) {
    const verdict = canTransition(pkg.status, to, {
      heldFrom: pkg.heldFrom,
      hasDeliveryRequest: false,
      hazard: { level: pkg.hazardLevel, outcome: pkg.hazardOutcome },
      leaving: pkg.leaving,
    });
    if (!verdict.ok) throw new AppError('conflict', `${pkg.packageNumber}: ${verdict.message}`);
  }
  const now = new Date();
  const moved: BulkPackage[] = [];
  // One notice per customer for the whole move, unless the caller's action sends its own batch.
  const batch = options.notices ?? new PackageNoticeBatch();
  for (let i = 0; i < pkgs.length; i += BULK) {
    const byStatus = new Map<PackageStatus, BulkPackage[]>();
    for (const p of pkgs.slice(i, i + BULK)) {
      const group = byStatus.get(p.status);
      if (group) group.push(p);
      else byStatus.set(p.status, [p]);
    }
    for (const [from, group] of byStatus) {
      const ids = group.map((p) => p.id);
      // The move and its timeline lines in one statement; `status = from` guards against a
      // concurrent change between the read and this write.
      const result = await db.execute(sql`
        with moved as (
          update ${packages} set
            status = ${to}, held_from = null, hold_reason = null, invoice_reminder_at = null,
            delivered_at = ${to === 'delivered' ? sql`${now.toISOString()}::timestamptz` : sql`delivered_at`},
            shelf_id = ${OFF_THE_SHELF.has(to) ? sql`null` : sql`shelf_id`},
            updated_at = ${now.toISOString()}::timestamptz
          where id = any(${sql.param(ids)}::int[]) and status = ${from}
          returning id, courier_id
        ), lines as (
          insert into ${packageEvents} (courier_id, package_id, status, from_status, user_id, branch_id, note)
          select courier_id, id, ${to}, ${from}, ${actor.userId}::int, ${actor.branchId}::int, ${options.note ?? null}::text from moved
        )
        select count(*)::int as n from moved`);
      const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
      if (n !== group.length) {
        // Which one changed meanwhile is read only then: the usual case costs no id list back.
        const [changed] = await db
          .select({ packageNumber: packages.packageNumber })
          .from(packages)
          .where(and(inArray(packages.id, ids), sql`${packages.status} <> ${to}`))
          .limit(1);
        throw new AppError(
          'conflict',
          `${changed?.packageNumber ?? group[0]?.packageNumber}: the package changed meanwhile; please reload`,
        );
      }
      for (const u of group) {
        batch.changed(u.courierId, {
          id: u.id,
          packageNumber: u.packageNumber,
          trackingNumber: u.trackingNumber,
          status: to,
          previousStatus: u.status,
          ...(options.manifestNumber ? { manifestNumber: options.manifestNumber } : {}),
        });
        moved.push({ ...u, status: to, heldFrom: null });
      }
    }
  }
  if (!options.notices) await sendPackageNotices(db, mailer, batch);
  return moved;
}
