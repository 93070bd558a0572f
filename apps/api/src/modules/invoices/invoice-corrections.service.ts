import { and, eq, ne } from 'drizzle-orm';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { NO_VOLUMETRIC } from '@courier/shared/domain/volumetric';
import { chargesFor, invoiceStatusFor, markDeliveryFeesCharged, totalsOf, writeLines } from './invoice-charges';
import { invoicePackageRows } from './invoice-package-rows.service';

/**
 * What a correction of a package (weight, declared value, customer) or its voiding does to the
 * invoice that carries it: an unpaid invoice is recomputed from the package as corrected; one that
 * has taken money is left alone and the correction refused. Every function runs inside the
 * caller's transaction.
 */

export type InvoiceRecord = typeof invoices.$inferSelect;

/** The live (not void) invoice that carries this package, locked for the change; undefined if none. */
export async function liveInvoiceOfPackage(db: Db, courierId: number, packageId: number): Promise<InvoiceRecord | undefined> {
  const [link] = await db
    .select({ invoiceId: invoicePackages.invoiceId })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), eq(invoicePackages.packageId, packageId), ne(invoices.status, 'void')))
    .limit(1);
  if (!link) return undefined;
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, link.invoiceId)).for('update');
  return inv?.status === 'void' ? undefined : inv;
}

/** A paid or partly paid invoice is a record of money taken: what it charges is not rewritten. */
export function refuseIfPaid(inv: InvoiceRecord | undefined): void {
  if (inv && inv.paidCents > 0) throw new AppError('unprocessable', PACKAGE_MESSAGES.invoicePaid(inv.invoiceNo));
}

/** Recomputes an invoice's lines and totals from its packages as they are now, at the courier's rates. */
export async function recomputeInvoice(
  db: Db,
  options: { courierId: number; invoice: InvoiceRecord; actor: AuthUser | null; reason: string },
): Promise<{ totalBefore: number; totalAfter: number }> {
  const { courierId, invoice: inv } = options;
  const { links, pkgs } = await invoicePackageRows(db, courierId, inv.id);
  const customsAssessed = new Map(links.map((l) => [l.packageId, l.customsAssessedCents]));
  const { result, deliveryRequestIds } = await chargesFor(
    db,
    courierId,
    inv.customerId,
    pkgs,
    customsAssessed,
    inv.volumetric ?? NO_VOLUMETRIC,
    inv.id,
    inv.issuedAt,
  );
  refuseIfPaid(inv);
  await markDeliveryFeesCharged(db, deliveryRequestIds, inv.id);
  const couponCents = await writeLines(db, courierId, inv.id, result.lines);
  await db
    .update(invoices)
    .set({
      ...totalsOf(result, couponCents),
      status: invoiceStatusFor(totalsOf(result, couponCents).totalCents, inv.paidCents, inv.status),
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, inv.id));
  await audit(db, {
    courierId,
    actor: options.actor,
    action: 'invoice.recomputed',
    entity: 'invoice',
    entityId: inv.invoiceNo,
    details: { reason: options.reason, totalBefore: inv.totalCents, totalAfter: result.totalCents },
  });
  return { totalBefore: inv.totalCents, totalAfter: result.totalCents };
}

/**
 * Takes a package off its unpaid invoice (it was voided, or belongs to another customer): the
 * invoice is recomputed for the packages left, or voided when none is left.
 */
export async function removePackageFromInvoice(
  db: Db,
  options: { courierId: number; invoice: InvoiceRecord; packageId: number; actor: AuthUser; reason: string },
): Promise<void> {
  const { courierId, invoice: inv } = options;
  refuseIfPaid(inv);
  const others = await db
    .select({ packageId: invoicePackages.packageId })
    .from(invoicePackages)
    .where(and(eq(invoicePackages.invoiceId, inv.id), ne(invoicePackages.packageId, options.packageId)))
    .limit(1);
  if (others.length > 0) {
    await db.delete(invoicePackages).where(and(eq(invoicePackages.invoiceId, inv.id), eq(invoicePackages.packageId, options.packageId)));
    await recomputeInvoice(db, { courierId, invoice: inv, actor: options.actor, reason: options.reason });
    return;
  }
  // The package was all the invoice charged for: the invoice is voided, and keeps the package for the record.
  await db
    .update(invoices)
    .set({
      status: 'void',
      voidReason: options.reason,
      voidedAt: new Date(),
      voidedBy: options.actor.kind === 'user' ? options.actor.id : null,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, inv.id));
  await audit(db, {
    courierId,
    actor: options.actor,
    action: 'invoice.voided',
    entity: 'invoice',
    entityId: inv.invoiceNo,
    details: { reason: options.reason, totalCents: inv.totalCents },
  });
}
