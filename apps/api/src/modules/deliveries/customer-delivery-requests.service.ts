import { and, eq, inArray } from 'drizzle-orm';
import { type CreateDeliveryRequestInput, DELIVERY_MESSAGES, type DeliveryRequestDto } from '@courier/shared/schemas/deliveries';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { deliveryLocations } from '../../db/schema/delivery-locations';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { packages } from '../../db/schema/packages';
import { dayInZone, formatCalendarDay } from '@courier/shared/domain/datetime';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { notify } from '../notifications/index';
import { customerNameSql } from '../packages/index';
import { chargeDueFees, releaseDeliveryFee } from '../invoices/index';
import { findRequest } from './delivery-request-queries.service';
import { courierOf } from '../../lib/courier-scope';

// A customer asks for a home delivery of ready packages, or cancels one not yet scheduled.

export async function createRequest(
  db: Db,
  user: AuthUser,
  input: CreateDeliveryRequestInput,
  mailer: Mailer | null = null,
): Promise<DeliveryRequestDto> {
  const courierId = courierOf(user);
  if (input.preferredDate < dayInZone(new Date(), await courierTimeZone(db, courierId))) {
    throw new AppError('bad_request', DELIVERY_MESSAGES.dateInPast);
  }
  let feeCents = 0;
  if (input.locationId !== undefined) {
    const [loc] = await db
      .select()
      .from(deliveryLocations)
      .where(and(eq(deliveryLocations.id, input.locationId), eq(deliveryLocations.courierId, courierId)));
    if (!loc) throw new AppError('not_found', DELIVERY_MESSAGES.locationNotFound);
    if (!loc.active) throw new AppError('conflict', DELIVERY_MESSAGES.locationInactive);
    feeCents = loc.feeCents;
  }
  const ids = [...new Set(input.packageIds)];
  const own = await db
    .select({ id: packages.id, status: packages.status, packageNumber: packages.packageNumber })
    .from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, user.id), inArray(packages.id, ids)));
  if (own.length !== ids.length || own.some((p) => p.status !== 'ready_for_pickup'))
    throw new AppError('conflict', DELIVERY_MESSAGES.packagesNotReady);
  const busy = await db
    .select({ packageNumber: packages.packageNumber })
    .from(deliveryRequestPackages)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, deliveryRequestPackages.deliveryRequestId))
    .innerJoin(packages, eq(packages.id, deliveryRequestPackages.packageId))
    .where(
      and(
        eq(deliveryRequestPackages.courierId, courierId),
        inArray(deliveryRequestPackages.packageId, ids),
        inArray(deliveryRequests.status, ['requested', 'scheduled', 'out_for_delivery']),
      ),
    );
  if (busy[0]) throw new AppError('conflict', DELIVERY_MESSAGES.packageAlreadyRequested(busy[0].packageNumber));
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [created] = await tx
      .insert(deliveryRequests)
      .values({
        courierId,
        customerId: user.id,
        locationId: input.locationId ?? null,
        address: input.address || null,
        preferredDate: input.preferredDate,
        phone: input.phone,
        notes: input.notes || null,
        feeCents,
      })
      .returning({ id: deliveryRequests.id });
    if (!created) throw new Error('Delivery request insert returned nothing');
    await tx.insert(deliveryRequestPackages).values(ids.map((packageId) => ({ courierId, deliveryRequestId: created.id, packageId })));
    // The fee goes on the packages' invoice now (once), so the balance the customer pays includes it.
    await chargeDueFees({ db: tx, mailer, courierId, packageIds: ids });
    const [c] = await tx
      .select({ name: customerNameSql, mailbox: customers.mailboxNumber })
      .from(customers)
      .where(eq(customers.id, user.id));
    await notify(tx, {
      courierId,
      type: 'new_delivery_request',
      title: `Delivery request from ${c?.name ?? 'a customer'} (${c?.mailbox ?? ''})`,
      body: `${ids.length} package${ids.length === 1 ? '' : 's'} for ${formatCalendarDay(input.preferredDate)}`,
      target: { kind: 'delivery_request', ref: String(created.id) },
    });
    return created.id;
  });
  return findRequest(db, courierId, id, user.id);
}

export async function cancelOwnRequest(db: Db, user: AuthUser, id: number): Promise<DeliveryRequestDto> {
  const courierId = courierOf(user);
  const current = await findRequest(db, courierId, id, user.id);
  if (current.status !== 'requested') throw new AppError('conflict', DELIVERY_MESSAGES.onlyRequestedCancel);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [cancelled] = await tx
      .update(deliveryRequests)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(deliveryRequests.id, id), eq(deliveryRequests.status, 'requested')))
      .returning({ id: deliveryRequests.id });
    if (cancelled) await releaseDeliveryFee(tx, courierId, id);
  });
  return findRequest(db, courierId, id, user.id);
}
