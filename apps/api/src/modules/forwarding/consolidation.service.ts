import { and, asc, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { REPACK_LABELS, consolidationNumber } from '@courier/shared/constants/services';
import { normaliseTrackingNumber } from '@courier/shared/domain/carrier';
import { dayInZone } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import {
  type CompleteConsolidationInput,
  type ConsolidationDto,
  type CreateConsolidationInput,
  SERVICE_MESSAGES,
  completeConsolidationSchema,
  createConsolidationSchema,
} from '@courier/shared/schemas/services';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { consolidationRequestPackages, consolidationRequests } from '../../db/schema/consolidation-requests';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { courierOf } from '../../lib/courier-scope';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { packageNumberOf } from '../packages/package-receiving.service';
import { actorOf, writeEvent } from '../packages/package-status.service';
import { couriers } from '../../db/schema/couriers';
import { consolidationFeeCents, serviceFeeOn } from './service-fees.service';

/** What a new request of two packages is charged today (shown before the customer asks). */
async function currentFeeCents(db: Db, courierId: number): Promise<number> {
  return consolidationFeeCents(await serviceFeeOn(db, courierId, 'consolidation'), { packages: 2, weightLbs: 0, valueCents: 0 });
}

// A customer asks to repack packages waiting at the warehouse into one parcel; staff repack, weigh
// and measure it; the old packages close as consolidated into the new one, which carries on.

export interface Services {
  db: Db;
  mailer: Mailer;
}

const asDb = (tx: unknown) => tx as Db;
type RequestRow = typeof consolidationRequests.$inferSelect;

async function toDtos(db: Db, rows: RequestRow[]): Promise<ConsolidationDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await db
    .select({
      requestId: consolidationRequestPackages.requestId,
      id: packages.id,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      description: packages.description,
      weightLb: packages.weightLb,
      status: packages.status,
    })
    .from(consolidationRequestPackages)
    .innerJoin(packages, eq(packages.id, consolidationRequestPackages.packageId))
    .where(inArray(consolidationRequestPackages.requestId, ids))
    .orderBy(asc(packages.packageNumber));
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const people = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, mailbox: customers.mailboxNumber })
    .from(customers)
    .where(inArray(customers.id, customerIds));
  const newIds = rows.map((r) => r.newPackageId).filter((v): v is number => v !== null);
  const parcels = newIds.length
    ? await db.select({ id: packages.id, packageNumber: packages.packageNumber }).from(packages).where(inArray(packages.id, newIds))
    : [];
  return rows.map((r) => {
    const c = people.find((p) => p.id === r.customerId);
    return {
      id: r.id,
      requestNo: r.requestNo,
      status: r.status,
      repack: r.repack,
      holdUntil: r.holdUntil,
      notes: r.notes,
      feeCents: r.feeCents,
      customer: { id: r.customerId, name: c ? `${c.firstName} ${c.lastName}`.trim() : '', mailbox: c?.mailbox ?? null },
      packages: links.filter((l) => l.requestId === r.id).map(({ requestId: _r, ...p }) => p),
      newPackage: parcels.find((p) => p.id === r.newPackageId) ?? null,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
    };
  });
}

/** One request of the courier (a customer sees only their own). */
async function findRequest(db: Db, user: AuthUser, id: number): Promise<RequestRow> {
  const courierId = courierOf(user);
  const [row] = await db
    .select()
    .from(consolidationRequests)
    .where(
      and(
        eq(consolidationRequests.id, id),
        eq(consolidationRequests.courierId, courierId),
        user.kind === 'customer' ? eq(consolidationRequests.customerId, user.id) : undefined,
      ),
    );
  if (!row) throw new AppError('not_found', SERVICE_MESSAGES.consolidationNotFound);
  return row;
}

export async function getConsolidation(db: Db, user: AuthUser, id: number): Promise<ConsolidationDto> {
  const [dto] = await toDtos(db, [await findRequest(db, user, id)]);
  if (!dto) throw new AppError('not_found', SERVICE_MESSAGES.consolidationNotFound);
  return dto;
}

/**
 * The courier's requests (a customer's own). `packageRef` is what the station scanned: a package
 * or tracking number; it finds the open request holding that package.
 */
export async function listConsolidations(
  db: Db,
  user: AuthUser,
  query: { status?: RequestRow['status']; packageRef?: string; customerId?: number },
): Promise<{ data: ConsolidationDto[]; feeCents: number }> {
  const courierId = courierOf(user);
  const where: Array<SQL | undefined> = [eq(consolidationRequests.courierId, courierId)];
  if (user.kind === 'customer') where.push(eq(consolidationRequests.customerId, user.id));
  else if (query.customerId) where.push(eq(consolidationRequests.customerId, query.customerId));
  if (query.status) where.push(eq(consolidationRequests.status, query.status));
  if (query.packageRef) {
    const ref = query.packageRef.trim();
    const held = await db
      .select({ requestId: packages.consolidationRequestId, into: packages.consolidatedIntoId })
      .from(packages)
      .where(
        and(
          eq(packages.courierId, courierId),
          isNull(packages.voidedAt),
          or(eq(packages.packageNumber, ref.toUpperCase()), eq(packages.trackingNumber, normaliseTrackingNumber(ref))),
        ),
      );
    const requestIds = held.map((h) => h.requestId).filter((v): v is number => v !== null);
    if (requestIds.length === 0) return { data: [], feeCents: await currentFeeCents(db, courierId) };
    where.push(inArray(consolidationRequests.id, requestIds));
  }
  const rows = await db
    .select()
    .from(consolidationRequests)
    .where(and(...where))
    .orderBy(desc(consolidationRequests.createdAt), desc(consolidationRequests.id))
    .limit(200);
  return { data: await toDtos(db, rows), feeCents: await currentFeeCents(db, courierId) };
}

/** A package that may go into a consolidation: the customer's, at the warehouse, not shipped or held by another request. */
function refusal(p: typeof packages.$inferSelect, customerId: number): string | null {
  if (p.customerId !== customerId || p.voidedAt || p.status !== 'received' || p.manifestId !== null) {
    return SERVICE_MESSAGES.packagesNotInWarehouse;
  }
  return null;
}

async function customerContact(db: Db, customerId: number) {
  const [c] = await db
    .select({ firstName: customers.firstName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return c;
}

export async function createConsolidation(s: Services, user: AuthUser, raw: CreateConsolidationInput): Promise<ConsolidationDto> {
  const input = createConsolidationSchema.parse(raw);
  const courierId = courierOf(user);
  if (user.kind !== 'customer') throw new AppError('forbidden', 'Only customers ask for a consolidation');
  const ids = [...new Set(input.packageIds)];
  if (ids.length < 2 && !(ids.length >= 1 && input.holdUntil)) throw new AppError('bad_request', SERVICE_MESSAGES.chooseTwoPackages);
  if (input.holdUntil && input.holdUntil < dayInZone(new Date(), await courierTimeZone(s.db, courierId))) {
    throw new AppError('bad_request', SERVICE_MESSAGES.holdDateInPast);
  }
  const id = await s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    // Locked so two requests (or a manifest) cannot take the same package at once.
    const rows = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), inArray(packages.id, ids)))
      .for('update');
    if (rows.length !== ids.length || rows.some((p) => refusal(p, user.id))) {
      throw new AppError('conflict', SERVICE_MESSAGES.packagesNotInWarehouse);
    }
    const busy = rows.find((p) => p.consolidationRequestId !== null);
    if (busy) {
      const [other] = await tx
        .select({ requestNo: consolidationRequests.requestNo })
        .from(consolidationRequests)
        .where(eq(consolidationRequests.id, busy.consolidationRequestId ?? 0));
      throw new AppError('conflict', SERVICE_MESSAGES.packageInOtherRequest(busy.packageNumber, other?.requestNo ?? ''));
    }
    // The fee is the consolidation fee entry in force today, priced on these packages, and kept.
    const fee = await serviceFeeOn(tx, courierId, 'consolidation');
    const [courier] = await tx.select({ rate: couriers.exchangeRate }).from(couriers).where(eq(couriers.id, courierId));
    const feeCents = consolidationFeeCents(fee, {
      packages: rows.length,
      weightLbs: rows.reduce((sum, p) => sum + p.weightLb, 0),
      valueCents: Math.round(rows.reduce((sum, p) => sum + (p.declaredValueUsdCents ?? 0), 0) * (courier?.rate ?? 150)),
    });
    const requestNo = consolidationNumber(await nextCounter(tx, courierId, 'consolidation'));
    const [created] = await tx
      .insert(consolidationRequests)
      .values({
        courierId,
        customerId: user.id,
        requestNo,
        repack: input.repack,
        holdUntil: input.holdUntil,
        notes: input.notes,
        feeCents,
        feeVersionId: fee.versionId,
      })
      .returning();
    if (!created) throw new Error('Consolidation insert returned nothing');
    await tx.insert(consolidationRequestPackages).values(ids.map((packageId) => ({ courierId, requestId: created.id, packageId })));
    await tx
      .update(packages)
      .set({ consolidationRequestId: created.id, updatedAt: new Date() })
      .where(and(eq(packages.courierId, courierId), inArray(packages.id, ids)));
    await audit(tx, {
      courierId,
      actor: user,
      action: 'consolidation.requested',
      entity: 'consolidation',
      entityId: requestNo,
      details: { packages: rows.map((p) => p.packageNumber), repack: input.repack, holdUntil: input.holdUntil, feeCents: created.feeCents },
    });
    const c = await customerContact(tx, user.id);
    if (c) {
      await s.mailer.enqueue(
        {
          courierId,
          to: c.email,
          subject: `Consolidation ${requestNo} requested`,
          text: [
            `Hello ${c.firstName},`,
            '',
            `We will repack these packages into one parcel (${REPACK_LABELS[input.repack]}):`,
            ...rows.map((p) => `- ${p.packageNumber} (${p.trackingNumber})`),
            ...(input.holdUntil ? [`We will also hold your new arrivals until ${input.holdUntil}.`] : []),
            '',
            `Consolidation fee: ${formatJmd(created.feeCents)}, charged on the new parcel's invoice.`,
            'You can cancel free of charge until we repack.',
            `Follow it here: ${await s.mailer.link(courierId, '/customer/consolidations')}`,
          ].join('\n'),
        },
        tx,
      );
    }
    return created.id;
  });
  return getConsolidation(s.db, user, id);
}

/** Cancelling before the repack is free: the packages are released and nothing is charged. */
export async function cancelConsolidation(s: Services, user: AuthUser, id: number): Promise<ConsolidationDto> {
  const courierId = courierOf(user);
  await s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const row = await findRequest(tx, user, id);
    const [locked] = await tx.select().from(consolidationRequests).where(eq(consolidationRequests.id, row.id)).for('update');
    if (locked?.status !== 'requested') throw new AppError('conflict', SERVICE_MESSAGES.onlyRequestedCancel);
    const now = new Date();
    await tx
      .update(consolidationRequests)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(consolidationRequests.id, row.id));
    await tx
      .update(packages)
      .set({ consolidationRequestId: null, updatedAt: now })
      .where(and(eq(packages.courierId, courierId), eq(packages.consolidationRequestId, row.id)));
    await audit(tx, { courierId, actor: user, action: 'consolidation.cancelled', entity: 'consolidation', entityId: row.requestNo });
    const c = await customerContact(tx, row.customerId);
    if (c) {
      await s.mailer.enqueue(
        {
          courierId,
          to: c.email,
          subject: `Consolidation ${row.requestNo} cancelled`,
          text: [
            `Hello ${c.firstName},`,
            '',
            `Consolidation ${row.requestNo} is cancelled: nothing is charged, and your packages will ship as they are.`,
            `See your packages: ${await s.mailer.link(courierId, '/customer/packages')}`,
          ].join('\n'),
        },
        tx,
      );
    }
  });
  return getConsolidation(s.db, user, id);
}

/**
 * The repack at the warehouse: a new parcel (its own number and label) with the weight and size
 * measured, the request's packages closed as consolidated into it. Billing, tracking and manifests
 * follow the new parcel; the consolidation fee goes on its invoice.
 */
export async function completeConsolidation(
  s: Services,
  user: AuthUser,
  id: number,
  raw: CompleteConsolidationInput,
): Promise<ConsolidationDto> {
  const input = completeConsolidationSchema.parse(raw);
  const courierId = courierOf(user);
  const actor = actorOf(user);
  await s.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const row = await findRequest(tx, user, id);
    const [locked] = await tx.select().from(consolidationRequests).where(eq(consolidationRequests.id, row.id)).for('update');
    if (locked?.status !== 'requested') throw new AppError('conflict', SERVICE_MESSAGES.onlyRequestedComplete);
    const links = await tx
      .select({ packageId: consolidationRequestPackages.packageId })
      .from(consolidationRequestPackages)
      .where(eq(consolidationRequestPackages.requestId, row.id));
    const linked = links.map((l) => l.packageId);
    const chosen = input.packageIds ? [...new Set(input.packageIds)] : linked;
    const pkgs = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), inArray(packages.id, linked)))
      .for('update');
    for (const pid of chosen) {
      if (!linked.includes(pid)) throw new AppError('unprocessable', SERVICE_MESSAGES.packageNotInRequest(String(pid)));
    }
    const repacked = pkgs.filter((p) => chosen.includes(p.id));
    if (repacked.length < 2) throw new AppError('unprocessable', SERVICE_MESSAGES.needsTwoToRepack);
    if (repacked.some((p) => refusal(p, row.customerId))) throw new AppError('conflict', SERVICE_MESSAGES.packagesNotInWarehouse);

    const now = new Date();
    const packageNumber = packageNumberOf(await nextCounter(tx, courierId, 'package'));
    const first = repacked[0];
    if (!first) throw new Error('No package to repack');
    const declared = repacked.reduce<number | null>(
      (sum, p) => (p.declaredValueUsdCents === null ? sum : (sum ?? 0) + p.declaredValueUsdCents),
      null,
    );
    const [parcel] = await tx
      .insert(packages)
      .values({
        courierId,
        packageNumber,
        // The new parcel is known by its own number: the old carrier numbers lead to it.
        trackingNumber: packageNumber,
        carrier: 'OTHER',
        customerId: row.customerId,
        branchId: first.branchId,
        status: 'received',
        weightLb: input.weightLb,
        lengthIn: input.lengthIn,
        widthIn: input.widthIn,
        heightIn: input.heightIn,
        mode: repacked.some((p) => p.mode === 'AIR') ? 'AIR' : 'SEA',
        declaredValueUsdCents: declared,
        description: `Consolidated ${row.requestNo}: ${repacked.map((p) => p.packageNumber).join(', ')}`,
        receivedBy: actor.userId,
        receivedAt: now,
      })
      .returning();
    if (!parcel) throw new Error('Parcel insert returned nothing');
    await writeEvent(tx, {
      courierId,
      packageId: parcel.id,
      status: 'received',
      fromStatus: null,
      actor,
      note: `Repacked from ${repacked.map((p) => p.packageNumber).join(', ')} (${row.requestNo})`,
    });
    for (const p of repacked) {
      await tx
        .update(packages)
        .set({ status: 'consolidated', consolidatedIntoId: parcel.id, consolidationRequestId: null, updatedAt: now })
        .where(eq(packages.id, p.id));
      await writeEvent(tx, {
        courierId,
        packageId: p.id,
        status: 'consolidated',
        fromStatus: p.status,
        actor,
        note: `Consolidated into ${packageNumber}`,
      });
    }
    // Packages the staff left out of the repack are released from the request.
    const leftOut = pkgs.filter((p) => !chosen.includes(p.id)).map((p) => p.id);
    if (leftOut.length) {
      await tx.update(packages).set({ consolidationRequestId: null, updatedAt: now }).where(inArray(packages.id, leftOut));
    }
    await tx
      .update(consolidationRequests)
      .set({
        status: 'completed',
        newPackageId: parcel.id,
        completedAt: now,
        completedBy: actor.userId,
        updatedAt: now,
      })
      .where(eq(consolidationRequests.id, row.id));
    await audit(tx, {
      courierId,
      actor: user,
      action: 'consolidation.completed',
      entity: 'consolidation',
      entityId: row.requestNo,
      details: {
        packages: repacked.map((p) => p.packageNumber),
        newPackage: packageNumber,
        weightLb: input.weightLb,
        dimensionsIn: [input.lengthIn, input.widthIn, input.heightIn],
      },
    });
    const c = await customerContact(tx, row.customerId);
    if (c) {
      await s.mailer.enqueue(
        {
          courierId,
          to: c.email,
          subject: `Consolidation ${row.requestNo} done: your new parcel is ${packageNumber}`,
          text: [
            `Hello ${c.firstName},`,
            '',
            `We repacked ${repacked.map((p) => p.packageNumber).join(', ')} into one parcel, ${packageNumber}.`,
            `It weighs ${input.weightLb} lb and measures ${input.lengthIn} x ${input.widthIn} x ${input.heightIn} in.`,
            `The consolidation fee of ${formatJmd(row.feeCents)} will be on its invoice.`,
            `Track it here: ${await s.mailer.link(courierId, `/track?number=${encodeURIComponent(packageNumber)}`)}`,
          ].join('\n'),
        },
        tx,
      );
    }
  });
  return getConsolidation(s.db, user, id);
}
