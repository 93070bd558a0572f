import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { WAREHOUSE_MESSAGES } from '@courier/shared/schemas/warehouse';
import type { PackageStatus } from '@courier/shared/constants/packages';
import { normaliseTrackingNumber } from '@courier/shared/domain/carrier';
import { nextBoxDeclaredValue } from '@courier/shared/domain/shipment-value';
import { SCAN_MESSAGES, classifyScan } from '@courier/shared/domain/scan';
import { PACKAGE_MESSAGES, type PackageDetail, type receivePackageSchema } from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { packageEvents } from '../../db/schema/package-events';
import { packagePhotos } from '../../db/schema/package-photos';
import { packages } from '../../db/schema/packages';
import type { Storage } from '../../lib/storage';
import { preAlerts } from '../../db/schema/pre-alerts';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { invoiceHoldReason } from './package-holds.service';
import { joinHeldConsolidation } from './consolidation-hold.service';
import { customerByMailbox } from './scan-resolver.service';
import { findPackage } from './package-rows.service';
import { createPackage } from './package-create.service';
import { actorOf, transitionPackage, writeEvent } from './package-status.service';
import { detailOf } from './package-queries.service';
import type { Services } from '../../context';
import { listScope, recordScope } from '../../lib/courier-scope';
import { isUniqueViolation } from '../../lib/db-errors';
import { publish } from '../../lib/domain-events';
import { markPreAlertsReceived, reopenPreAlert } from '../pre-alerts/index';

export type ShipmentPiece = Pick<
  typeof packages.$inferSelect,
  | 'id'
  | 'packageNumber'
  | 'pieceNumber'
  | 'pieceCount'
  | 'customerId'
  | 'branchId'
  | 'preAlertId'
  | 'mode'
  | 'tariffClass'
  | 'merchant'
  | 'description'
  | 'declaredValueUsdCents'
>;

/** The live boxes already received under a tracking number, piece 1 first. */
async function shipmentOf(db: Db, courierId: number, trackingNumber: string): Promise<ShipmentPiece[]> {
  return db
    .select({
      id: packages.id,
      packageNumber: packages.packageNumber,
      pieceNumber: packages.pieceNumber,
      pieceCount: packages.pieceCount,
      customerId: packages.customerId,
      branchId: packages.branchId,
      preAlertId: packages.preAlertId,
      mode: packages.mode,
      tariffClass: packages.tariffClass,
      merchant: packages.merchant,
      description: packages.description,
      declaredValueUsdCents: packages.declaredValueUsdCents,
    })
    .from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trackingNumber), isNull(packages.voidedAt)))
    .orderBy(asc(packages.pieceNumber));
}

/**
 * Which piece a box is: the one asked, else the first not yet in. A tracking number already in as
 * one box is refused as a duplicate unless the clerk says it has several boxes (it then becomes
 * piece 1 of them); a shipment's count never changes once it has several.
 */
export function pieceFor(shipment: ShipmentPiece[], tracking: string, askedCount?: number, askedNumber?: number) {
  const first = shipment[0];
  const known = first?.pieceCount ?? 1;
  if (first && known === 1 && (askedCount ?? 1) === 1) {
    throw new AppError('conflict', PACKAGE_MESSAGES.duplicateTracking(tracking, first.packageNumber));
  }
  if (first && known > 1 && askedCount !== undefined && askedCount !== known) {
    throw new AppError('conflict', WAREHOUSE_MESSAGES.piecesDiffer(tracking, known));
  }
  const count = first && known > 1 ? known : (askedCount ?? 1);
  const taken = new Set(shipment.map((p) => p.pieceNumber));
  if (taken.size >= count) throw new AppError('conflict', WAREHOUSE_MESSAGES.allPiecesIn(tracking, count));
  let number = askedNumber ?? 1;
  if (askedNumber === undefined) while (taken.has(number)) number += 1;
  if (number > count) throw new AppError('bad_request', WAREHOUSE_MESSAGES.pieceNumberRange);
  const holder = shipment.find((p) => p.pieceNumber === number);
  if (holder) throw new AppError('conflict', WAREHOUSE_MESSAGES.pieceTaken(tracking, number, holder.packageNumber));
  return { number, count, upgradeFirst: Boolean(first && known === 1) };
}

/**
 * Receives a package at the US warehouse. The customer comes from the label's mailbox number, or
 * from the matching pre-alert; with neither the package goes to Unknown. A tracking number the
 * courier has already received is refused.
 */
export async function receivePackage(s: Services, user: AuthUser, input: z.output<typeof receivePackageSchema>): Promise<PackageDetail> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  // Our own label scanned into the tracking field must not become a phantom package.
  const code = classifyScan(input.trackingNumber);
  if (code?.kind === 'package_number') throw new AppError('bad_request', SCAN_MESSAGES.ourNumberNotTracking(code.value));
  const trackingNumber = normaliseTrackingNumber(input.trackingNumber);
  const actor = actorOf(user);

  const duplicate = async () => {
    const [dup] = await s.db
      .select({ packageNumber: packages.packageNumber })
      .from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trackingNumber), isNull(packages.voidedAt)));
    return dup;
  };
  const shipment = await shipmentOf(s.db, courierId, trackingNumber);
  const piece = pieceFor(shipment, trackingNumber, input.pieceCount, input.pieceNumber);

  let customer: { id: number; branchId: number | null } | undefined;
  let unknownNote: string | undefined;
  const first = shipment[0];
  if (first) {
    // A further box of a shipment goes to the first box's customer and pre-alert.
    customer = first.customerId === null ? undefined : { id: first.customerId, branchId: first.branchId };
  } else if (input.customerId) {
    const [c] = await s.db
      .select({ id: customers.id, branchId: customers.branchId })
      .from(customers)
      .where(and(eq(customers.courierId, courierId), eq(customers.id, input.customerId)));
    if (!c) throw new AppError('not_found', PACKAGE_MESSAGES.customerNotFound);
    customer = c;
  } else if (input.mailbox) {
    customer = (await customerByMailbox(s.db, courierId, input.mailbox)) ?? undefined;
    if (!customer) unknownNote = `The label's mailbox ${input.mailbox} matches no customer`;
  }

  const [pre] =
    first && !first.preAlertId
      ? []
      : await s.db
          .select()
          .from(preAlerts)
          .where(
            and(
              eq(preAlerts.courierId, courierId),
              first?.preAlertId ? eq(preAlerts.id, first.preAlertId) : eq(preAlerts.trackingNumber, trackingNumber),
              first ? undefined : eq(preAlerts.status, 'pending'),
            ),
          )
          .orderBy(desc(preAlerts.createdAt))
          .limit(1);
  // A pre-alert names the customer when the label does not; a pre-alert of someone else is left alone.
  const preAlert = pre && (!customer || customer.id === pre.customerId) ? pre : undefined;
  if (!customer && preAlert) {
    const [c] = await s.db
      .select({ id: customers.id, branchId: customers.branchId })
      .from(customers)
      .where(eq(customers.id, preAlert.customerId));
    customer = c;
    unknownNote = undefined;
  }

  const status: PackageStatus = customer ? 'received' : 'unknown';
  try {
    const id = await s.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Told later that a single box is one of several: the first box becomes piece 1 of them.
      if (piece.upgradeFirst && first) {
        await tx
          .update(packages)
          .set({ pieceCount: piece.count, updatedAt: new Date() })
          .where(and(eq(packages.courierId, courierId), eq(packages.id, first.id)));
      }
      const created = await createPackage(tx, courierId, {
        trackingNumber,
        carrier: input.carrier,
        customerId: customer?.id ?? null,
        branchId: customer?.branchId ?? null,
        preAlertId: preAlert?.id ?? null,
        status,
        weightLb: input.weightLb,
        lengthIn: input.lengthIn ?? null,
        widthIn: input.widthIn ?? null,
        heightIn: input.heightIn ?? null,
        mode: first?.mode ?? input.mode,
        tariffClass: first?.tariffClass ?? input.tariffClass ?? 'general',
        pieceNumber: piece.number,
        pieceCount: piece.count,
        // The shipment's value is declared once, on the first box that carries it; a further box declares 0.
        declaredValueUsdCents: nextBoxDeclaredValue(shipment, preAlert?.declaredValueUsdCents ?? input.declaredValueUsdCents ?? null),
        description: input.description || preAlert?.description || first?.description || null,
        merchant: input.merchant || preAlert?.merchant || first?.merchant || null,
        receivedBy: actor.userId,
        labelMailbox: input.mailbox || null,
        labelName: input.labelName || null,
      });
      if (preAlert && !first) {
        await markPreAlertsReceived(tx, [preAlert.id]);
      }
      // Customs needs the merchant invoice: without it the package waits at the warehouse.
      const holdReason = customer ? await invoiceHoldReason(tx, courierId, preAlert) : null;
      // A customer holding new arrivals for a consolidation: the package joins that request.
      const heldFor =
        customer && !holdReason
          ? await joinHeldConsolidation(
              tx,
              { id: created.id, courierId, customerId: customer.id, packageNumber: created.packageNumber },
              user,
            )
          : null;
      const note = [
        'Received at the Miami warehouse',
        piece.count > 1 ? `piece ${piece.number} of ${piece.count}` : null,
        preAlert ? `pre-alert matched${preAlert.invoicePath || preAlert.shopRequestId ? '' : ' (invoice missing)'}` : null,
        unknownNote ?? (customer ? null : 'no customer on the label'),
        heldFor ? `held for consolidation ${heldFor}` : null,
      ]
        .filter(Boolean)
        .join('; ');
      await writeEvent(tx, { courierId, packageId: created.id, status, fromStatus: null, actor, note });
      // The webhook and the customer's notice subscribe to it.
      await publish({ db: tx, mailer: s.mailer }, courierId, 'package.received', {
        packages: [
          {
            id: created.id,
            packageNumber: created.packageNumber,
            trackingNumber,
            status,
            customerId: created.customerId,
            preAlertMatched: Boolean(preAlert),
          },
        ],
        messagesLater: false,
      });
      if (holdReason) {
        await transitionPackage(tx, s.mailer, created, 'on_hold', actor, { note: holdReason, holdReason });
      }
      return created.id;
    });
    return detailOf(s.db, courierId, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await duplicate();
      if (again && piece.count === 1)
        throw new AppError('conflict', PACKAGE_MESSAGES.duplicateTracking(trackingNumber, again.packageNumber));
      if (again) throw new AppError('conflict', WAREHOUSE_MESSAGES.pieceTaken(trackingNumber, piece.number, again.packageNumber));
    }
    throw error;
  }
}

export async function deletePackage(db: Db, user: AuthUser, id: number, storage?: Storage): Promise<void> {
  const courierId = recordScope(user);
  const row = await findPackage(db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  // Only a scanning mistake may be deleted: nothing else refers to the package yet.
  if (!['received', 'unknown'].includes(row.pkg.status) || row.pkg.manifestId !== null) {
    throw new AppError('conflict', 'Only a package still at the warehouse and not on a manifest can be deleted');
  }
  const photos = await db
    .select({ name: packagePhotos.name, thumbName: packagePhotos.thumbName })
    .from(packagePhotos)
    .where(and(eq(packagePhotos.courierId, row.pkg.courierId), eq(packagePhotos.packageId, id)));
  await db.transaction(async (tx) => {
    await tx.delete(packagePhotos).where(and(eq(packagePhotos.courierId, row.pkg.courierId), eq(packagePhotos.packageId, id)));
    await tx.delete(packageEvents).where(and(eq(packageEvents.courierId, row.pkg.courierId), eq(packageEvents.packageId, id)));
    if (row.pkg.preAlertId !== null) {
      await reopenPreAlert(tx as unknown as Db, row.pkg.preAlertId);
    }
    await tx.delete(packages).where(and(eq(packages.courierId, row.pkg.courierId), eq(packages.id, id)));
  });
  // The photos' files go once nothing refers to them.
  for (const p of photos) {
    await storage?.remove('package-photos', p.name);
    await storage?.remove('package-photos', p.thumbName);
  }
}
