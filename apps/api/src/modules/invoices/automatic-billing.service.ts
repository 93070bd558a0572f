import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import type { Mailer } from '../../lib/mailer';
import { issueInvoiceForPackages } from './invoice-issuing.service';

/**
 * Billing that follows the packages by itself (DOMAIN.md steps 6-8): the invoice issued when
 * packages become ready, and the fees that arise later (uncollected, delivery, switching), each
 * charged once. Every function runs inside the caller's transaction.
 */

/** Package ids that are on an invoice that is not void. */
export async function packagesOnLiveInvoice(db: Db, courierId: number, packageIds: number[]): Promise<Set<number>> {
  if (packageIds.length === 0) return new Set();
  const rows = await db
    .select({ packageId: invoicePackages.packageId })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), inArray(invoicePackages.packageId, packageIds), ne(invoices.status, 'void')));
  return new Set(rows.map((r) => r.packageId));
}

/**
 * Issues one invoice per customer for those of these packages that are ready for pickup and on no
 * live invoice yet. The invoice e-mail tells the customer the package is ready, the branch and the
 * amount due, so callers skip the separate "ready" e-mail for these packages.
 */
export async function invoiceReadyPackages(options: { db: Db; mailer: Mailer | null; courierId: number; packageIds: number[] }) {
  const { db, courierId } = options;
  const ids = [...new Set(options.packageIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: packages.id, customerId: packages.customerId })
    .from(packages)
    .where(
      and(
        eq(packages.courierId, courierId),
        inArray(packages.id, ids),
        eq(packages.status, 'ready_for_pickup'),
        isNotNull(packages.customerId),
      ),
    )
    .orderBy(packages.id);
  const invoiced = await packagesOnLiveInvoice(db, courierId, ids);
  const byCustomer = new Map<number, number[]>();
  for (const r of rows) {
    if (r.customerId === null || invoiced.has(r.id)) continue;
    byCustomer.set(r.customerId, [...(byCustomer.get(r.customerId) ?? []), r.id]);
  }
  const issued: Array<{ customerId: number; invoiceNo: string; totalCents: number }> = [];
  for (const [customerId, packageIds] of byCustomer) {
    const inv = await issueInvoiceForPackages({ db, mailer: options.mailer, courierId, customerId, packageIds, actor: null });
    issued.push({ customerId, ...inv });
  }
  return issued;
}

/**
 * Whether a package turning ready will be invoiced now (and so announced by the invoice e-mail):
 * it has a customer and no live invoice.
 */
export async function willBeInvoicedWhenReady(db: Db, pkg: { id: number; courierId: number; customerId: number | null }) {
  if (pkg.customerId === null) return false;
  return !(await packagesOnLiveInvoice(db, pkg.courierId, [pkg.id])).has(pkg.id);
}
