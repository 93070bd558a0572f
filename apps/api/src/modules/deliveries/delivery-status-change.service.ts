import { and, eq, inArray } from 'drizzle-orm';
import type { DeliveryRequestStatus } from '@courier/shared/constants/packages';
import {
  DELIVERY_MESSAGES,
  DELIVERY_STATUS_LABELS,
  DELIVERY_TRANSITIONS,
  type DeliveryRequestDto,
} from '@courier/shared/schemas/deliveries';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import type { Db } from '../../db/client';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { chargeDueFees, releaseDeliveryFee } from '../invoices/index';
import { actorOf, transitionPackage } from '../packages/index';
import { enqueueDeliveryEmail } from './delivery-emails';
import { dueOn, getRequest, listDrivers, openInvoicesOf } from './delivery-request-queries.service';
import { recordPayment } from '../payments/index';
import { formatAmount } from '@courier/shared/format/money';
import type { Services } from '../../context';

export type DeliveryServices = Services;

/** The proof a delivery is completed with; only the deliver screen has it. */
export interface DeliveryProof {
  recipientName: string;
  signaturePng: Buffer;
  /** Cash taken at the door (a cash-on-delivery zone), and the till it goes to when the driver has no branch. */
  collected?: { cents: number; branchId?: number };
}

/**
 * Cash on delivery: what the driver took at the door pays the stop's open invoices, oldest first,
 * as a cash payment taken by the driver (their till, and its cash-up). Recorded before the packages
 * are handed over, so the release rule sees them paid; anything short is still refused by it.
 */
async function collectOnDelivery(
  tx: Db,
  s: DeliveryServices,
  user: AuthUser,
  courierId: number,
  request: DeliveryRequestDto,
  collected: { cents: number; branchId?: number },
): Promise<string> {
  const ids = request.packages.map((p) => p.id);
  let left = collected.cents;
  const allocations: Array<{ invoiceNo: string; amountCents: number }> = [];
  for (const o of dueOn(await openInvoicesOf(tx, ids), ids)) {
    const amountCents = Math.min(left, o.balanceCents);
    if (amountCents > 0) allocations.push({ invoiceNo: o.invoiceNo, amountCents });
    left -= amountCents;
  }
  const due = collected.cents - left;
  if (left > 0 || allocations.length === 0)
    throw new AppError('unprocessable', DELIVERY_MESSAGES.codTooMuch(formatAmount(due)), {
      collectedCents: [DELIVERY_MESSAGES.codTooMuch(formatAmount(due))],
    });
  const payment = await recordPayment({
    db: tx,
    mailer: s.mailer,
    courierId,
    actor: user,
    method: 'cash',
    reference: `Delivery ${request.id}`,
    notes: 'Cash on delivery',
    branchId: collected.branchId,
    allocations,
  });
  return payment.receiptNo;
}

type StatusInput = {
  status: DeliveryRequestStatus;
  scheduledDate?: string;
  driverId?: number;
  stopOrder?: number;
  reason?: string;
} & ReleaseOverrideInput;

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
    if (input.status === 'cancelled') {
      await releaseDeliveryFee(tx, courierIdOfRequest, id);
      // A cancellation by staff is kept: who, from which step, and why.
      await audit(tx, {
        courierId: courierIdOfRequest,
        actor: user,
        action: 'delivery_request.cancelled',
        entity: 'delivery_request',
        entityId: id,
        details: { from: current.status, reason: input.reason || null, packages: current.packages.map((p) => p.packageNumber) },
      });
    }
    // Scheduling charges the fee if creating it could not (no invoice yet then); charged once.
    if (input.status === 'scheduled')
      await chargeDueFees({
        db: tx,
        mailer: s.mailer,
        courierId: courierIdOfRequest,
        packageIds: current.packages.map((p) => p.id),
      });
    const receiptNo = proof?.collected ? await collectOnDelivery(tx, s, user, courierIdOfRequest, current, proof.collected) : null;
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
            ? `Delivered to ${proof?.recipientName ?? 'the customer'}${receiptNo ? `; cash collected at the door (${receiptNo})` : ''}`
            : 'Delivery did not happen; back at the branch';
      const release = {
        actor: user,
        via: 'home_delivery' as const,
        reference: `delivery request ${id}`,
        allowUnpaid: input.allowUnpaid,
        overrideReason: input.overrideReason,
        cashOnDelivery: current.cashOnDelivery,
      };
      // The request is already out_for_delivery here, which counts as live for the state machine.
      for (const pkg of pkgs) await transitionPackage(tx, s.mailer, pkg, packageTarget, actorOf(user), { note, release });
    }
    const email =
      input.status === 'scheduled' && scheduledDate
        ? ({ kind: 'scheduled', date: scheduledDate } as const)
        : input.status === 'out_for_delivery'
          ? ({ kind: 'out_for_delivery' } as const)
          : input.status === 'cancelled'
            ? ({ kind: 'cancelled', reason: input.reason || undefined } as const)
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
          link: await s.mailer.link(courierIdOfRequest, '/customer/delivery-requests', tx),
        },
        email,
      );
    }
  });
  return getRequest(s.db, user, id);
}
