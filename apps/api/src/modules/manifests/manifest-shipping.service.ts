import { formatWeight } from '@courier/shared/format/weight';
import { and, eq } from 'drizzle-orm';
import { DEPARTURE_IN_FUTURE_CODE, MANIFEST_MESSAGES, type ManifestDetail, type ManifestDto } from '@courier/shared/schemas/manifests';
import type { Db } from '../../db/client';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { dayInZone, formatCalendarDay } from '@courier/shared/domain/datetime';
import { courierTimeZone } from '../../lib/courier-zone';
import { notify } from '../notifications/index';
import { actorOf, bulkPackageColumns, transitionPackages } from '../packages/index';
import { findManifest, getManifest, toDto } from './manifest-queries.service';
import type { Services } from '../../context';

export async function closeManifest(db: Db, user: AuthUser, id: number): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'open') throw new AppError('conflict', MANIFEST_MESSAGES.notOpen);
  if (Number(row.pieces) === 0) throw new AppError('conflict', MANIFEST_MESSAGES.empty);
  await db.update(manifests).set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() }).where(eq(manifests.id, id));
  return getManifest(db, user, id);
}

/**
 * Shipping moves every package to in transit and tells each customer once for all theirs, all or
 * nothing. It answers the manifest with its counts: its hundreds of packages are read once, by the
 * screen that shows them, not a second time for an answer nobody reads.
 */
export async function shipManifest(
  s: Services,
  user: AuthUser,
  id: number,
  options: { moveDepartureToToday?: boolean; note?: string } = {},
  now = new Date(),
): Promise<ManifestDto> {
  const row = await findManifest(s.db, user, id);
  if (row.m.status !== 'closed') throw new AppError('conflict', MANIFEST_MESSAGES.notClosed);
  // Dates are the courier's (its time zone): a manifest does not leave before the day it departs.
  const today = dayInZone(now, await courierTimeZone(s.db, row.m.courierId));
  const early = row.m.departureDate !== null && row.m.departureDate > today;
  if (early && !options.moveDepartureToToday) {
    throw new AppError(
      'conflict',
      MANIFEST_MESSAGES.departureInFuture(row.m.manifestNumber, row.m.departureDate as string),
      undefined,
      DEPARTURE_IN_FUTURE_CODE,
    );
  }
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (early) {
      await tx.update(manifests).set({ departureDate: today, updatedAt: new Date() }).where(eq(manifests.id, id));
      await audit(tx, {
        courierId: row.m.courierId,
        actor: user,
        action: 'manifest.departure_moved',
        entity: 'manifest',
        entityId: row.m.manifestNumber,
        details: { from: row.m.departureDate, to: today, note: options.note ?? null },
      });
    }
    const pkgs = await tx
      .select(bulkPackageColumns)
      .from(packages)
      .where(and(eq(packages.courierId, row.m.courierId), eq(packages.manifestId, id)));
    await transitionPackages(tx, s.mailer, pkgs, 'in_transit', actorOf(user), {
      note: `Shipped on ${row.m.manifestNumber}${row.m.flightOrVessel ? ` (${row.m.flightOrVessel})` : ''}${
        early
          ? `; ${MANIFEST_MESSAGES.departureMoved(formatCalendarDay(row.m.departureDate as string), formatCalendarDay(today))}${options.note ? `: ${options.note}` : ''}`
          : ''
      }`,
      manifestNumber: row.m.manifestNumber,
    });
    await tx.update(manifests).set({ status: 'shipped', shippedAt: new Date(), updatedAt: new Date() }).where(eq(manifests.id, id));
  });
  return toDto(await findManifest(s.db, user, id));
}

export async function arriveManifest(db: Db, user: AuthUser, id: number): Promise<ManifestDetail> {
  const row = await findManifest(db, user, id);
  if (row.m.status !== 'shipped') throw new AppError('conflict', MANIFEST_MESSAGES.notShipped);
  // With no arrival date set, it arrives today where the courier is.
  const today = row.m.arrivalDate ? null : dayInZone(new Date(), await courierTimeZone(db, row.m.courierId));
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(manifests)
      .set({
        status: 'arrived',
        arrivedAt: new Date(),
        arrivalDate: row.m.arrivalDate ?? today,
        updatedAt: new Date(),
      })
      .where(eq(manifests.id, id));
    await notify(tx, {
      courierId: row.m.courierId,
      type: 'manifest_arrived',
      title: `Manifest ${row.m.manifestNumber} arrived`,
      body: `${row.pieces} pieces, ${formatWeight(row.weight)} lb: ready to reconcile`,
      target: { kind: 'manifest', ref: String(row.m.id) },
    });
  });
  return getManifest(db, user, id);
}
