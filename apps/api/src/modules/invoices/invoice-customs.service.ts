import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { asDb } from '../../db/client';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { invoicePackageRows } from './invoice-package-rows.service';
import { type StaffChange, lockInvoiceForChange } from './invoice-access.service';
import { NO_VOLUMETRIC } from '@courier/shared/domain/volumetric';
import { chargesFor, invoiceStatusFor, markDeliveryFeesCharged, totalsOf, writeLines } from './invoice-charges';

/** Replaces (or clears) the duty customs assessed for one package and recomputes the invoice. */
export async function setCustomsAssessment(options: StaffChange & { packageId: number; assessedCents: number | null }): Promise<void> {
  const { db, courierId, actor, invoiceNo, packageId, assessedCents } = options;
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const inv = await lockInvoiceForChange(tx, courierId, invoiceNo);
    const { links, pkgs } = await invoicePackageRows(tx, courierId, inv.id);
    if (!links.some((l) => l.packageId === packageId)) throw new AppError('unprocessable', BILLING_MESSAGES.packageNotOnInvoice);
    const customsAssessed = new Map(links.map((l) => [l.packageId, l.packageId === packageId ? assessedCents : l.customsAssessedCents]));
    const { result, deliveryRequestIds } = await chargesFor(
      tx,
      courierId,
      inv.customerId,
      pkgs,
      customsAssessed,
      inv.volumetric ?? NO_VOLUMETRIC,
      inv.id,
      inv.issuedAt,
    );
    if (result.totalCents < inv.paidCents) throw new AppError('unprocessable', BILLING_MESSAGES.customsBelowPaid);
    const duty = result.customs.find((c) => c.ref === packageId);
    const assessedBeforeCents = links.find((l) => l.packageId === packageId)?.customsAssessedCents ?? null;
    await markDeliveryFeesCharged(tx, deliveryRequestIds, inv.id);
    await tx
      .update(invoicePackages)
      .set({ customsAssessedCents: assessedCents })
      .where(and(eq(invoicePackages.invoiceId, inv.id), eq(invoicePackages.packageId, packageId)));
    const couponCents = await writeLines(tx, courierId, inv.id, result.lines);
    await tx
      .update(invoices)
      .set({
        ...totalsOf(result, couponCents),
        status: invoiceStatusFor(totalsOf(result, couponCents).totalCents, inv.paidCents, inv.status),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, inv.id));
    await audit(tx, {
      courierId,
      actor,
      action: 'invoice.customs_assessed',
      entity: 'invoice',
      entityId: invoiceNo,
      details: {
        packageId,
        packageNumber: pkgs.find((p) => p.id === packageId)?.packageNumber ?? null,
        computedCents: duty?.computedCents ?? 0,
        assessedBeforeCents,
        assessedCents,
        totalBefore: inv.totalCents,
        totalAfter: result.totalCents,
      },
    });
  });
}
