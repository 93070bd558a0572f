import { type SQL, and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DELIVERY_REQUEST_STATUSES, type DeliveryRequestStatus } from '@courier/shared/constants/packages';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import {
  type CreateDeliveryRequestInput,
  DELIVERY_MESSAGES,
  DELIVERY_STATUS_LABELS,
  DELIVERY_TRANSITIONS,
  type DeliveryLocation,
  type DeliveryRequestDto,
  type Driver,
  type deliveryLocationInputSchema,
} from '@courier/shared/schemas/deliveries';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { deliveryLocations } from '../../db/schema/delivery-locations';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { packages } from '../../db/schema/packages';
import { users } from '../../db/schema/users';
import { dayInZone } from '@courier/shared/domain/datetime';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import { audit } from '../../lib/audit';
import { notify } from '../notifications/notify';
import { customerNameSql } from '../packages/package-rows';
import { chargeDueFees, releaseDeliveryFee } from '../invoices/automatic-billing.service';
import { actorOf, transitionPackage } from '../packages/package-status.service';
import { type Services, recordScope } from '../packages/courier-scope';
import { enqueueDeliveryEmail } from './delivery-emails';

const toLocation = (r: typeof deliveryLocations.$inferSelect): DeliveryLocation => ({
  id: r.id,
  name: r.name,
  parish: r.parish,
  feeCents: r.feeCents,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
});

export function courierOf(user: AuthUser): number {
  if (user.courierId === null) throw new AppError('bad_request', 'Choose a courier');
  return user.courierId;
}

export async function listLocations(db: Db, courierId: number, activeOnly = false): Promise<DeliveryLocation[]> {
  const rows = await db
    .select()
    .from(deliveryLocations)
    .where(and(eq(deliveryLocations.courierId, courierId), activeOnly ? eq(deliveryLocations.active, true) : undefined))
    .orderBy(asc(deliveryLocations.parish), asc(deliveryLocations.name));
  return rows.map(toLocation);
}

/** A delivery location's fee is money the customer pays: every change is in the audit log. */
const auditLocation = (db: Db, actor: AuthUser, courierId: number, action: string, id: number, details: Record<string, unknown>) =>
  audit(db, { courierId, actor, action: `delivery_location.${action}`, entity: 'delivery_location', entityId: id, details });

export async function createLocation(
  db: Db,
  actor: AuthUser,
  courierId: number,
  input: z.output<typeof deliveryLocationInputSchema>,
): Promise<DeliveryLocation> {
  const [row] = await db
    .insert(deliveryLocations)
    .values({ courierId, ...input })
    .returning();
  if (!row) throw new Error('Location insert returned nothing');
  const created = toLocation(row);
  await auditLocation(db, actor, courierId, 'created', row.id, { after: created });
  return created;
}

export async function updateLocation(
  db: Db,
  actor: AuthUser,
  courierId: number,
  id: number,
  input: z.output<typeof deliveryLocationInputSchema>,
): Promise<DeliveryLocation> {
  const [old] = await db
    .select()
    .from(deliveryLocations)
    .where(and(eq(deliveryLocations.id, id), eq(deliveryLocations.courierId, courierId)));
  const [row] = await db
    .update(deliveryLocations)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(deliveryLocations.id, id), eq(deliveryLocations.courierId, courierId)))
    .returning();
  if (!row || !old) throw new AppError('not_found', DELIVERY_MESSAGES.locationNotFound);
  const updated = toLocation(row);
  await auditLocation(db, actor, courierId, 'updated', id, { before: toLocation(old), after: updated });
  return updated;
}

export async function deleteLocation(db: Db, actor: AuthUser, courierId: number, id: number): Promise<void> {
  const [used] = await db
    .select({ n: count() })
    .from(deliveryRequests)
    .where(and(eq(deliveryRequests.courierId, courierId), eq(deliveryRequests.locationId, id)));
  if ((used?.n ?? 0) > 0) throw new AppError('conflict', DELIVERY_MESSAGES.locationInUse);
  const [row] = await db
    .delete(deliveryLocations)
    .where(and(eq(deliveryLocations.id, id), eq(deliveryLocations.courierId, courierId)))
    .returning();
  if (!row) throw new AppError('not_found', DELIVERY_MESSAGES.locationNotFound);
  await auditLocation(db, actor, courierId, 'deleted', id, { before: toLocation(row) });
}

const driver = alias(users, 'driver');
const driverNameSql = sql<string | null>`${driver.firstName} || ' ' || ${driver.lastName}`;

function selectRequests(db: Db) {
  return db
    .select({
      r: deliveryRequests,
      customerName: customerNameSql,
      mailboxNumber: customers.mailboxNumber,
      locationName: deliveryLocations.name,
      driverName: driverNameSql,
    })
    .from(deliveryRequests)
    .innerJoin(customers, eq(customers.id, deliveryRequests.customerId))
    .leftJoin(deliveryLocations, eq(deliveryLocations.id, deliveryRequests.locationId))
    .leftJoin(driver, eq(driver.id, deliveryRequests.driverId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

async function withPackages(db: Db, rows: Row[]): Promise<DeliveryRequestDto[]> {
  const ids = rows.map((r) => r.r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({
            requestId: deliveryRequestPackages.deliveryRequestId,
            id: packages.id,
            packageNumber: packages.packageNumber,
            trackingNumber: packages.trackingNumber,
            status: packages.status,
          })
          .from(deliveryRequestPackages)
          .innerJoin(packages, eq(packages.id, deliveryRequestPackages.packageId))
          .where(inArray(deliveryRequestPackages.deliveryRequestId, ids))
          .orderBy(asc(packages.packageNumber));
  return rows.map((r) => ({
    id: r.r.id,
    customerId: r.r.customerId,
    customerName: r.customerName ?? '',
    mailboxNumber: r.mailboxNumber,
    locationId: r.r.locationId,
    locationName: r.locationName,
    address: r.r.address,
    preferredDate: r.r.preferredDate,
    scheduledDate: r.r.scheduledDate,
    phone: r.r.phone,
    notes: r.r.notes,
    feeCents: r.r.feeCents,
    status: r.r.status,
    packages: links.filter((l) => l.requestId === r.r.id).map(({ requestId: _, ...p }) => p),
    driverId: r.r.driverId,
    driverName: r.driverName,
    stopOrder: r.r.stopOrder,
    dispatchedAt: r.r.dispatchedAt?.toISOString() ?? null,
    deliveredAt: r.r.deliveredAt?.toISOString() ?? null,
    recipientName: r.r.recipientName,
    hasSignature: r.r.signaturePngBase64 !== null,
    hasPhoto: r.r.photoName !== null,
    createdAt: r.r.createdAt.toISOString(),
  }));
}

const spec: ListSpec = {
  sortable: {
    createdAt: deliveryRequests.createdAt,
    preferredDate: deliveryRequests.preferredDate,
    scheduledDate: deliveryRequests.scheduledDate,
    status: deliveryRequests.status,
    stopOrder: deliveryRequests.stopOrder,
    driverName: driverNameSql,
    customerName: customerNameSql,
    feeCents: deliveryRequests.feeCents,
  },
  searchable: [customers.mailboxNumber, customerNameSql, deliveryRequests.address, deliveryLocations.name, deliveryRequests.phone],
  filterable: {
    status: { column: deliveryRequests.status, kind: 'oneOf', values: DELIVERY_REQUEST_STATUSES },
    locationName: { column: deliveryLocations.name, kind: 'exact' },
    preferredDate: { column: deliveryRequests.preferredDate, kind: 'exact' },
    scheduledDate: { column: deliveryRequests.scheduledDate, kind: 'exact' },
  },
  defaultSort: { column: deliveryRequests.createdAt, order: 'desc' },
  tieBreaker: deliveryRequests.id,
};

/** Every request matching the conditions, unpaged (a day's run is small). */
export async function requestsWhere(db: Db, conditions: Array<SQL | undefined>): Promise<DeliveryRequestDto[]> {
  return withPackages(db, await selectRequests(db).where(and(...conditions)));
}

export function listRequests(db: Db, query: ListQuery, scope: Array<SQL | undefined>): Promise<Page<DeliveryRequestDto>> {
  const clauses = listClauses(query, spec, scope);
  return listPage(query, clauses, {
    rows: async (c) =>
      withPackages(
        db,
        await selectRequests(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
      ),
    count: async (where) => {
      const [r] = await db
        .select({ n: count() })
        .from(deliveryRequests)
        .innerJoin(customers, eq(customers.id, deliveryRequests.customerId))
        .leftJoin(deliveryLocations, eq(deliveryLocations.id, deliveryRequests.locationId))
        .leftJoin(driver, eq(driver.id, deliveryRequests.driverId))
        .where(where);
      return r?.n ?? 0;
    },
  });
}

async function findRequest(db: Db, courierId: number | null, id: number, customerId?: number): Promise<DeliveryRequestDto> {
  const rows = await selectRequests(db).where(
    and(
      eq(deliveryRequests.id, id),
      courierId === null ? undefined : eq(deliveryRequests.courierId, courierId),
      customerId === undefined ? undefined : eq(deliveryRequests.customerId, customerId),
    ),
  );
  const [dto] = await withPackages(db, rows);
  if (!dto) throw new AppError('not_found', DELIVERY_MESSAGES.requestNotFound);
  return dto;
}

export const getRequest = (db: Db, user: AuthUser, id: number) => findRequest(db, recordScope(user), id);

/** Today in Jamaica (the platform default zone); a courier's own today is `dayInZone(now, courier zone)`. */
export const jamaicaToday = (now = new Date()) => now.toLocaleDateString('en-CA', { timeZone: 'America/Jamaica' });

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
      body: `${ids.length} package${ids.length === 1 ? '' : 's'} for ${input.preferredDate}`,
      link: 'delivery-requests',
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

/** Drivers a request can be given to: the courier's active staff-side people. */
export async function listDrivers(db: Db, courierId: number): Promise<Driver[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.courierId, courierId), eq(users.active, true), ne(users.role, 'super_admin')))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }));
}

export interface DeliveryServices extends Services {
  /** The web app's address, for the link to the proof in the customer's e-mail. */
  appUrl: string;
}

/** The proof a delivery is completed with; only the deliver screen has it. */
export interface DeliveryProof {
  recipientName: string;
  signaturePng: Buffer;
}

type StatusInput = { status: DeliveryRequestStatus; scheduledDate?: string; driverId?: number; stopOrder?: number } & ReleaseOverrideInput;

/**
 * Staff move a request along: scheduling picks the date and the driver, dispatching takes its
 * packages out for delivery, completing (with proof) delivers them, and cancelling a dispatched
 * request brings them back to the branch. Leaving packages pass the release rule; the customer is
 * e-mailed when it is scheduled, out for delivery and delivered.
 */
export async function changeRequestStatus(
  s: DeliveryServices,
  user: AuthUser,
  id: number,
  input: StatusInput,
  proof?: DeliveryProof,
): Promise<DeliveryRequestDto> {
  const current = await getRequest(s.db, user, id);
  if (!DELIVERY_TRANSITIONS[current.status].includes(input.status)) {
    throw new AppError(
      'conflict',
      DELIVERY_MESSAGES.illegalStatus(DELIVERY_STATUS_LABELS[current.status], DELIVERY_STATUS_LABELS[input.status]),
    );
  }
  if (input.status === 'delivered' && !proof) throw new AppError('conflict', DELIVERY_MESSAGES.proofRequired);
  const courierIdOfRequest = (
    await s.db.select({ c: deliveryRequests.courierId }).from(deliveryRequests).where(eq(deliveryRequests.id, id))
  )[0]?.c;
  if (courierIdOfRequest === undefined) throw new AppError('not_found', DELIVERY_MESSAGES.requestNotFound);
  if (input.status === 'scheduled') {
    if (input.driverId === undefined)
      throw new AppError('bad_request', DELIVERY_MESSAGES.driverRequired, { driverId: [DELIVERY_MESSAGES.driverRequired] });
    if (!(await listDrivers(s.db, courierIdOfRequest)).some((d) => d.id === input.driverId))
      throw new AppError('bad_request', DELIVERY_MESSAGES.driverNotFound, { driverId: [DELIVERY_MESSAGES.driverNotFound] });
  }
  const packageTarget =
    input.status === 'out_for_delivery'
      ? 'out_for_delivery'
      : input.status === 'delivered'
        ? 'delivered'
        : input.status === 'cancelled' && current.status === 'out_for_delivery'
          ? 'ready_for_pickup'
          : null;
  const now = new Date();
  const scheduledDate = input.status === 'scheduled' ? (input.scheduledDate ?? current.preferredDate) : current.scheduledDate;
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(deliveryRequests)
      .set({
        status: input.status,
        scheduledDate,
        ...(input.status === 'scheduled' ? { driverId: input.driverId, stopOrder: input.stopOrder ?? null } : {}),
        ...(input.status === 'out_for_delivery' ? { dispatchedAt: now } : {}),
        ...(proof
          ? { deliveredAt: now, recipientName: proof.recipientName, signaturePngBase64: proof.signaturePng.toString('base64') }
          : {}),
        updatedBy: user.kind === 'user' ? user.id : null,
        updatedAt: now,
      })
      .where(eq(deliveryRequests.id, id));
    if (input.status === 'cancelled') await releaseDeliveryFee(tx, courierIdOfRequest, id);
    // Scheduling charges the fee if creating it could not (no invoice yet then); charged once.
    if (input.status === 'scheduled')
      await chargeDueFees({
        db: tx,
        mailer: s.mailer,
        courierId: courierIdOfRequest,
        packageIds: current.packages.map((p) => p.id),
      });
    if (packageTarget) {
      const pkgs = await tx
        .select()
        .from(packages)
        .where(
          and(
            eq(packages.courierId, courierIdOfRequest),
            inArray(
              packages.id,
              current.packages.map((p) => p.id),
            ),
          ),
        );
      const note =
        packageTarget === 'out_for_delivery'
          ? `Out for delivery to ${current.address ?? current.locationName ?? 'the customer'}`
          : packageTarget === 'delivered'
            ? `Delivered to ${proof?.recipientName ?? 'the customer'}`
            : 'Delivery did not happen; back at the branch';
      const release = {
        actor: user,
        via: 'home_delivery' as const,
        reference: `delivery request ${id}`,
        allowUnpaid: input.allowUnpaid,
        overrideReason: input.overrideReason,
      };
      // The request is already out_for_delivery here, which counts as live for the state machine.
      for (const pkg of pkgs) await transitionPackage(tx, s.mailer, pkg, packageTarget, actorOf(user), { note, release });
    }
    const email =
      input.status === 'scheduled' && scheduledDate
        ? ({ kind: 'scheduled', date: scheduledDate } as const)
        : input.status === 'out_for_delivery'
          ? ({ kind: 'out_for_delivery' } as const)
          : proof
            ? ({ kind: 'delivered', recipientName: proof.recipientName, deliveredAt: now, hasPhoto: current.hasPhoto } as const)
            : null;
    if (email) {
      await enqueueDeliveryEmail(
        tx,
        s.mailer,
        {
          courierId: courierIdOfRequest,
          customerId: current.customerId,
          requestId: id,
          address: [current.address, current.locationName].filter(Boolean).join(', ') || 'your address',
          packageNumbers: current.packages.map((p) => p.packageNumber),
          link: `${s.appUrl}/customer/delivery-requests`,
        },
        email,
      );
    }
  });
  return getRequest(s.db, user, id);
}
