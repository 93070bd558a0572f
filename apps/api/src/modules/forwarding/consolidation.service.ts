import { and, eq, inArray } from 'drizzle-orm';
import { REPACK_LABELS, consolidationNumber } from '@courier/shared/constants/services';
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
import { notify } from '../notifications/index';
import { courierOf } from '../../lib/courier-scope';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { createPackage, consolidateInto, holdForConsolidation, releaseFromConsolidation, actorOf, writeEvent } from '../packages/index';
import { couriers } from '../../db/schema/couriers';
import { consolidationFeeFor, serviceFeeOn } from './service-fees.service';
import { type Services, asDb, findRequest, getConsolidation } from './consolidation-rows.service';

// A customer asks to repack packages waiting at the warehouse into one parcel; staff repack, weigh
// and measure it; the old packages close as consolidated into the new one, which carries on.

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
    const feeCents = consolidationFeeFor(fee, rows, courier?.rate ?? 150);
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
    await holdForConsolidation(tx, courierId, ids, created.id);
    await audit(tx, {
      courierId,
      actor: user,
      action: 'consolidation.requested',
      entity: 'consolidation',
      entityId: requestNo,
      details: { packages: rows.map((p) => p.packageNumber), repack: input.repack, holdUntil: input.holdUntil, feeCents: created.feeCents },
    });
    await notify(tx, {
      courierId,
      type: 'new_consolidation',
      title: `New consolidation request ${requestNo}`,
      body: `${rows.length} packages: ${REPACK_LABELS[input.repack]}`,
      target: { kind: 'consolidation', ref: requestNo },
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
            `Follow it here: ${await s.mailer.link(courierId, '/customer/consolidations', tx)}`,
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
    await releaseFromConsolidation(tx, courierId, { requestId: row.id });
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
            `See your packages: ${await s.mailer.link(courierId, '/customer/packages', tx)}`,
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
    const first = repacked[0];
    if (!first) throw new Error('No package to repack');
    const declared = repacked.reduce<number | null>(
      (sum, p) => (p.declaredValueUsdCents === null ? sum : (sum ?? 0) + p.declaredValueUsdCents),
      null,
    );
    // The new parcel is known by its own number: the old carrier numbers lead to it.
    const parcel = await createPackage(tx, courierId, {
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
    });
    await writeEvent(tx, {
      courierId,
      packageId: parcel.id,
      status: 'received',
      fromStatus: null,
      actor,
      note: `Repacked from ${repacked.map((p) => p.packageNumber).join(', ')} (${row.requestNo})`,
    });
    await consolidateInto(tx, parcel, repacked, actor);
    const { packageNumber } = parcel;
    // Packages the staff left out of the repack are released from the request.
    const leftOut = pkgs.filter((p) => !chosen.includes(p.id)).map((p) => p.id);
    await releaseFromConsolidation(tx, courierId, { packageIds: leftOut });
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
            `Track it here: ${await s.mailer.link(courierId, `/track?number=${encodeURIComponent(packageNumber)}`, tx)}`,
          ].join('\n'),
        },
        tx,
      );
    }
  });
  return getConsolidation(s.db, user, id);
}
