import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import { normaliseTrackingNumber, recogniseCarrier } from '@courier/shared/domain/carrier';
import { SCAN_MESSAGES, classifyScan } from '@courier/shared/domain/scan';
import { PACKAGE_MESSAGES, type PackageDetail, type receivePackageSchema } from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { customers } from '../../db/schema/customers';
import { packageEvents } from '../../db/schema/package-events';
import { packagePhotos } from '../../db/schema/package-photos';
import { packages } from '../../db/schema/packages';
import type { Storage } from '../../lib/storage';
import { preAlerts } from '../../db/schema/pre-alerts';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { askForInvoice, invoiceHoldReason } from './package-holds.service';
import { enqueuePackageEmail } from './package-emails.service';
import { customerByMailbox } from './scan-resolver.service';
import { findPackage } from './package-rows.service';
import { actorOf, transitionPackage, writeEvent } from './package-status.service';
import { detailOf } from './package-queries.service';
import type { Services } from '../../context';
import { listScope, recordScope } from '../../lib/courier-scope';
import { isUniqueViolation } from '../../lib/db-errors';

export const packageNumberOf = (n: number) => `PKG-${String(n).padStart(6, '0')}`;

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
  const dup = await duplicate();
  if (dup) throw new AppError('conflict', PACKAGE_MESSAGES.duplicateTracking(trackingNumber, dup.packageNumber));

  let customer: { id: number; branchId: number | null } | undefined;
  let unknownNote: string | undefined;
  if (input.customerId) {
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

  const [pre] = await s.db
    .select()
    .from(preAlerts)
    .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.trackingNumber, trackingNumber), eq(preAlerts.status, 'pending')))
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
      const number = await nextCounter(tx, courierId, 'package');
      const [created] = await tx
        .insert(packages)
        .values({
          courierId,
          packageNumber: packageNumberOf(number),
          trackingNumber,
          carrier: input.carrier ?? recogniseCarrier(trackingNumber),
          customerId: customer?.id ?? null,
          branchId: customer?.branchId ?? null,
          preAlertId: preAlert?.id ?? null,
          status,
          weightLb: input.weightLb,
          lengthIn: input.lengthIn ?? null,
          widthIn: input.widthIn ?? null,
          heightIn: input.heightIn ?? null,
          mode: input.mode,
          declaredValueUsdCents: preAlert?.declaredValueUsdCents ?? input.declaredValueUsdCents ?? null,
          description: input.description || preAlert?.description || null,
          merchant: input.merchant || preAlert?.merchant || null,
          receivedBy: actor.userId,
        })
        .returning();
      if (!created) throw new Error('Package insert returned nothing');
      if (preAlert) {
        await tx.update(preAlerts).set({ status: 'received', updatedAt: new Date() }).where(eq(preAlerts.id, preAlert.id));
      }
      const note = [
        'Received at the Miami warehouse',
        preAlert ? `pre-alert matched${preAlert.invoicePath ? '' : ' (invoice missing)'}` : null,
        unknownNote ?? (customer ? null : 'no customer on the label'),
      ]
        .filter(Boolean)
        .join('; ');
      await writeEvent(tx, { courierId, packageId: created.id, status, fromStatus: null, actor, note });
      if (customer) await enqueuePackageEmail(tx, s.mailer, 'received', created);
      // Customs needs the merchant invoice: without it the package waits at the warehouse.
      const holdReason = customer ? await invoiceHoldReason(tx, courierId, preAlert) : null;
      if (holdReason) {
        const held = await transitionPackage(tx, s.mailer, created, 'on_hold', actor, { note: holdReason, holdReason });
        await askForInvoice(tx, s.mailer, held, holdReason);
      }
      return created.id;
    });
    return detailOf(s.db, courierId, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await duplicate();
      if (again) throw new AppError('conflict', PACKAGE_MESSAGES.duplicateTracking(trackingNumber, again.packageNumber));
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
      await tx.update(preAlerts).set({ status: 'pending', updatedAt: new Date() }).where(eq(preAlerts.id, row.pkg.preAlertId));
    }
    await tx.delete(packages).where(and(eq(packages.courierId, row.pkg.courierId), eq(packages.id, id)));
  });
  // The photos' files go once nothing refers to them.
  for (const p of photos) {
    await storage?.remove('package-photos', p.name);
    await storage?.remove('package-photos', p.thumbName);
  }
}
