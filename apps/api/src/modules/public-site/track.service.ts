import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { estimateArrival } from '@courier/shared/domain/arrival';
import { carrierTrackingUrl, normaliseTrackingNumber } from '@courier/shared/domain/carrier';
import { dayInZone } from '@courier/shared/domain/datetime';
import type { PublicTrack } from '@courier/shared/schemas/public-track';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { manifests } from '../../db/schema/manifests';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { courierZoneColumn } from '../../lib/courier-zone';

/**
 * A package of one courier by tracking number (as the warehouse stores it) or package number, and
 * its timeline. Voided packages are not found. Only statuses and times leave: no customer, address,
 * weight, value or charge, and the carrier's tracking number only to whoever asked by it.
 */
export async function trackPackage(db: Db, courierId: number, raw: string): Promise<PublicTrack | null> {
  const number = raw.trim();
  const [asked] = await db
    .select({ id: packages.id, intoId: packages.consolidatedIntoId, trackingNumber: packages.trackingNumber })
    .from(packages)
    .where(
      and(
        eq(packages.courierId, courierId),
        isNull(packages.voidedAt),
        or(eq(packages.trackingNumber, normaliseTrackingNumber(number)), eq(packages.packageNumber, number.toUpperCase())),
      ),
    )
    .limit(1);
  if (!asked) return null;
  // A package repacked into a new parcel is followed by that parcel: its status and timeline.
  const [found] = await db
    .select({
      id: packages.id,
      packageNumber: packages.packageNumber,
      status: packages.status,
      receivedAt: packages.receivedAt,
      mode: packages.mode,
      trackingNumber: packages.trackingNumber,
      carrier: packages.carrier,
      departureDate: manifests.departureDate,
      arrivalDate: manifests.arrivalDate,
      arrivedAt: manifests.arrivedAt,
      customsDays: couriers.customsDays,
      timeZone: courierZoneColumn,
    })
    .from(packages)
    .innerJoin(couriers, eq(couriers.id, packages.courierId))
    .leftJoin(manifests, eq(manifests.id, packages.manifestId))
    .where(and(eq(packages.courierId, courierId), eq(packages.id, asked.intoId ?? asked.id)));
  if (!found) return null;
  const events = await db
    .select({ status: packageEvents.status, createdAt: packageEvents.createdAt })
    .from(packageEvents)
    .where(and(eq(packageEvents.courierId, courierId), eq(packageEvents.packageId, found.id)))
    .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id));
  const timeline = events.map((e) => ({ status: e.status, label: PACKAGE_STATUS_LABELS[e.status], at: e.createdAt.toISOString() }));
  // A package with no recorded change still shows where it is, since it was received.
  if (timeline.length === 0) {
    timeline.push({ status: found.status, label: PACKAGE_STATUS_LABELS[found.status], at: found.receivedAt.toISOString() });
  }
  const estimatedArrival = estimateArrival({
    status: found.status,
    mode: found.mode,
    departureDate: found.departureDate,
    arrivalDate: found.arrivalDate,
    arrivedDay: found.arrivedAt ? dayInZone(found.arrivedAt, found.timeZone) : null,
    customsDays: found.customsDays,
  });
  // The carrier's page names the carrier's tracking number: only for whoever typed that number.
  const askedByTracking = asked.intoId === null && asked.trackingNumber === normaliseTrackingNumber(number);
  const carrierUrl = askedByTracking ? carrierTrackingUrl(found.trackingNumber, found.carrier) : null;
  return {
    number,
    status: found.status,
    statusLabel: PACKAGE_STATUS_LABELS[found.status],
    ...(asked.intoId !== null ? { consolidatedInto: found.packageNumber } : {}),
    timeline,
    estimatedArrival,
    carrierUrl,
  };
}
