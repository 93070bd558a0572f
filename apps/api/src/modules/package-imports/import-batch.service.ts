import { and, eq, isNull } from 'drizzle-orm';
import { dayBoundsInZone } from '@courier/shared/domain/datetime';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { boxDeclaredValues } from '@courier/shared/domain/shipment-value';
import type { Services } from '../../context';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { publish } from '../../lib/domain-events';
import {
  type PackageForEmail,
  invoiceHoldReason,
  createPackages,
  type Actor,
  transitionPackage,
  type PackageNoticeBatch,
  writeEvents,
} from '../packages/index';
import type { PlannedRow } from './import-rows.service';
import { markPreAlertsReceived } from '../pre-alerts/index';

/** The received date the agent wrote, at midday in the courier's zone; today's (or none) is now. */
function receivedAtOf(day: string | null, today: string, zone: string): Date {
  if (!day || day === today) return new Date();
  return new Date(dayBoundsInZone(day, zone).start.getTime() + 12 * 3600_000);
}

/**
 * The boxes a row stands for: a shipment of several pieces is one package per box, piece n of
 * count, as at the scan station; the row's weight is the shipment's, split evenly across them, and
 * its declared value (the row's, else the pre-alert's) is declared once, on piece 1.
 */
function boxesOf(v: NonNullable<PlannedRow['values']>, preAlertValueUsdCents: number | null = null) {
  const count = v.pieces ?? 1;
  const each = Math.floor((v.weightLb * 100) / count) / 100;
  const values = boxDeclaredValues(v.declaredValueUsdCents ?? preAlertValueUsdCents, count);
  return Array.from({ length: count }, (_, i) => ({
    pieceNumber: i + 1,
    pieceCount: count,
    // The rounding left over goes on piece 1, so the pieces weigh what the file says.
    weightLb: i === 0 ? Math.round((v.weightLb - each * (count - 1)) * 100) / 100 : each,
    declaredValueUsdCents: values[i] ?? null,
  }));
}

/**
 * Writes one batch in one transaction: package numbers reserved together, packages inserted
 * together (a tracking number received meanwhile is skipped by the unique index, never doubled),
 * events, matched pre-alerts, invoice holds and the customers' e-mails and feed entries. Returns the
 * packages written; the caller queues their push and text notices, and publishes the holds
 * gathered in `ctx.notices` (one invoice request per customer subscribes), once the whole import is done.
 */
export async function writeBatch(
  s: Services,
  courierId: number,
  batch: PlannedRow[],
  actor: Actor,
  ctx: { today: string; zone: string; requireInvoice: boolean; notices: PackageNoticeBatch },
): Promise<PackageForEmail[]> {
  return s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const boxes = batch.flatMap((p) =>
      boxesOf(p.values as NonNullable<PlannedRow['values']>, p.preAlert?.declaredValueUsdCents ?? null).map((box) => ({ p, box })),
    );
    const inserted = await createPackages(
      tx,
      courierId,
      boxes.map(({ p, box }) => {
        const v = p.values as NonNullable<PlannedRow['values']>;
        return {
          trackingNumber: v.trackingNumber,
          customerId: p.customer?.id ?? null,
          branchId: p.customer?.branchId ?? null,
          preAlertId: p.preAlert?.id ?? null,
          status: p.customer ? ('received' as const) : ('unknown' as const),
          weightLb: box.weightLb,
          pieceNumber: box.pieceNumber,
          pieceCount: box.pieceCount,
          lengthIn: v.lengthIn,
          widthIn: v.widthIn,
          heightIn: v.heightIn,
          declaredValueUsdCents: box.declaredValueUsdCents,
          description: v.description || p.preAlert?.description || null,
          merchant: v.merchant || p.preAlert?.merchant || null,
          receivedAt: receivedAtOf(v.receivedDate, ctx.today, ctx.zone),
          receivedBy: actor.userId,
          labelMailbox: v.mailbox || null,
          labelName: v.consignee || null,
        };
      }),
      { skipTaken: true },
    );
    // Each tracking number's boxes, piece 1 first.
    const byTracking = new Map<string, typeof inserted>();
    for (const pkg of [...inserted].sort((a, b) => a.pieceNumber - b.pieceNumber)) {
      byTracking.set(pkg.trackingNumber, [...(byTracking.get(pkg.trackingNumber) ?? []), pkg]);
    }
    const planOf = new Map(batch.map((b) => [b.values?.trackingNumber ?? '', b]));
    if (inserted.length > 0) {
      await writeEvents(
        tx,
        inserted.map((pkg) => {
          const plan = planOf.get(pkg.trackingNumber);
          const note = [
            'Received at the Miami warehouse (imported from the agent’s file)',
            pkg.pieceCount > 1 ? `piece ${pkg.pieceNumber} of ${pkg.pieceCount}` : null,
            plan?.preAlert
              ? `pre-alert matched${plan.preAlert.invoicePath || plan.preAlert.shopRequestId ? '' : ' (invoice missing)'}`
              : null,
            plan?.unknownNote ?? (pkg.customerId ? null : 'no customer in the file'),
          ]
            .filter(Boolean)
            .join('; ');
          return {
            courierId,
            packageId: pkg.id,
            status: pkg.status,
            fromStatus: null,
            userId: actor.userId,
            branchId: actor.branchId,
            note,
          };
        }),
      );
    }
    const matched = batch.flatMap((b) => (b.preAlert && byTracking.has(b.values?.trackingNumber ?? '') ? [b.preAlert.id] : []));
    await markPreAlertsReceived(tx, matched);
    // The webhook and the customers' e-mails and feed entries subscribe; push and texts come once the file is in.
    if (inserted.length > 0)
      await publish({ db: tx, mailer: s.mailer }, courierId, 'package.received', {
        packages: inserted.map((p) => ({
          id: p.id,
          packageNumber: p.packageNumber,
          trackingNumber: p.trackingNumber,
          status: p.status,
          customerId: p.customerId,
          preAlertMatched: p.preAlertId !== null,
        })),
        messagesLater: true,
      });
    for (const plan of batch) {
      const pieces = byTracking.get(plan.values?.trackingNumber ?? '') ?? [];
      const pkg = pieces[0];
      if (!pkg) {
        // Received by someone else between the check and this write: reported, not doubled.
        const [other] = await tx
          .select({ packageNumber: packages.packageNumber })
          .from(packages)
          .where(
            and(
              eq(packages.courierId, courierId),
              eq(packages.trackingNumber, plan.values?.trackingNumber ?? ''),
              isNull(packages.voidedAt),
            ),
          );
        plan.result = {
          ...plan.result,
          outcome: 'already_received',
          customer: null,
          preAlertMatched: false,
          packageNumber: other?.packageNumber ?? null,
          messages: [IMPORT_MESSAGES.alreadyReceived(other?.packageNumber ?? '')],
        };
        continue;
      }
      const piecesNote = pieces.length > 1 ? [IMPORT_MESSAGES.piecesReceived(pieces.map((p) => p.packageNumber))] : [];
      plan.result = { ...plan.result, packageNumber: pkg.packageNumber, messages: [...piecesNote, ...plan.result.messages] };
      plan.packageId = pkg.id;
      if (!pkg.customerId) continue;
      // Customs needs the merchant invoice: without it the package waits at the warehouse.
      const holdReason = plan.preAlert
        ? await invoiceHoldReason(tx, courierId, plan.preAlert)
        : ctx.requireInvoice
          ? await invoiceHoldReason(tx, courierId, undefined)
          : null;
      if (holdReason) {
        for (const piece of pieces)
          await transitionPackage(tx, s.mailer, piece, 'on_hold', actor, { note: holdReason, holdReason, notices: ctx.notices });
      }
    }
    return inserted;
  });
}
