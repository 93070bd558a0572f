import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import { canTransition, nextStatuses } from '@courier/shared/domain/package-status';
import type { Db } from '../../db/client';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { type PackageEmailKind, enqueuePackageEmail } from './package-emails.service';
import { type Release, ensureReleasable, isLeaving } from './release.service';
import { enqueueWebhookEvent } from '../../lib/webhooks';
import { chargeStorageOnLeaving } from '../invoices/automatic-billing.service';

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

export async function nextStatusesOf(db: Db, pkg: PackageRecord): Promise<PackageStatus[]> {
  const hasDeliveryRequest = pkg.status === 'ready_for_pickup' ? await hasActiveDeliveryRequest(db, pkg.courierId, pkg.id) : false;
  return nextStatuses(pkg.status, { heldFrom: pkg.heldFrom, hasDeliveryRequest });
}

const OFF_THE_SHELF: ReadonlySet<PackageStatus> = new Set(['in_transit', 'out_for_delivery', 'delivered']);

const EMAIL_ON: Partial<Record<PackageStatus, PackageEmailKind>> = { in_transit: 'shipped', ready_for_pickup: 'ready' };

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

/**
 * Moves one package to a new status: the state machine decides, an event is written, the
 * timestamps that depend on the status are kept, and the customer gets the e-mail that goes with
 * it. Throws a 409 with the state machine's message when the move is not allowed. A move out of
 * our hands (out for delivery, delivered) also passes the release rule, so it needs `release`.
 * Run it inside a transaction with the row locked when several moves may race.
 */
export async function transitionPackage(
  db: Db,
  mailer: Mailer,
  pkg: PackageRecord,
  to: PackageStatus,
  actor: Actor,
  options: { note?: string | null; manifestNumber?: string | null; skipEmail?: boolean; holdReason?: string; release?: Release } = {},
): Promise<PackageRecord> {
  const hasDeliveryRequest = to === 'out_for_delivery' ? await hasActiveDeliveryRequest(db, pkg.courierId, pkg.id) : false;
  const verdict = canTransition(pkg.status, to, { heldFrom: pkg.heldFrom, hasDeliveryRequest });
  if (!verdict.ok) throw new AppError('conflict', `${pkg.packageNumber}: ${verdict.message}`);
  if (isLeaving(to)) {
    // A programming error, not a person's: every way out must say who releases the package.
    if (!options.release) throw new Error(`Moving ${pkg.packageNumber} to ${to} needs the release rule`);
    // Storage is charged as the package leaves, before the release rule weighs the balance.
    await chargeStorageOnLeaving({ db, mailer, courierId: pkg.courierId, packageIds: [pkg.id] });
    await ensureReleasable(db, pkg, to, options.release);
  }
  const now = new Date();
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
      readyAt: to === 'ready_for_pickup' ? (pkg.readyAt ?? now) : pkg.readyAt,
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
  const news = { id: pkg.id, packageNumber: pkg.packageNumber, trackingNumber: pkg.trackingNumber, status: to, previousStatus: pkg.status };
  await enqueueWebhookEvent(db, pkg.courierId, 'package.status_changed', news);
  if (to === 'delivered') await enqueueWebhookEvent(db, pkg.courierId, 'delivery.completed', news);
  const kind = EMAIL_ON[to];
  // Back from a hold to in transit is not news for the customer; the first time is.
  if (kind && !options.skipEmail && pkg.status !== 'on_hold') {
    await enqueuePackageEmail(db, mailer, kind, { ...updated, manifestNumber: options.manifestNumber });
  }
  return updated;
}
