import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ChargeLineKind } from '@courier/shared/domain/charges';
import type { Db } from '../../db/client';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { audit } from '../../lib/audit';
import { invoiceStatusFor } from './invoice-charges';

// Fee lines added to an open invoice after it was issued: its fees, total and status follow; audited.
// The invoices they go on are locked first.

export interface FeeLine {
  kind: ChargeLineKind;
  description: string;
  packageId: number | null;
  amountCents: number;
  feeVersionId?: number;
}

/**
 * The packages' links to their live invoices, and those invoices locked in id order: two runs for
 * the same package then see each other's lines. An invoice voided meanwhile is left out.
 */
export async function lockLiveInvoices(db: Db, courierId: number, packageIds: number[]) {
  const links = await db
    .select({ packageId: invoicePackages.packageId, invoiceId: invoicePackages.invoiceId })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), inArray(invoicePackages.packageId, packageIds), ne(invoices.status, 'void')));
  if (links.length === 0) return { links, invoiceById: new Map<number, typeof invoices.$inferSelect>() };
  const locked = await db
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        links.map((l) => l.invoiceId),
      ),
    )
    .orderBy(invoices.id)
    .for('update');
  return { links, invoiceById: new Map(locked.filter((i) => i.status !== 'void').map((i) => [i.id, i])) };
}

/** Adds fee lines to an open (not paid) invoice: totals and status follow; audited. */
export async function appendLines(db: Db, courierId: number, inv: typeof invoices.$inferSelect, lines: FeeLine[]) {
  const [last] = await db
    .select({ position: sql<number>`coalesce(max(${invoiceLines.position}), 0)::int` })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inv.id));
  const start = last?.position ?? 0;
  await db.insert(invoiceLines).values(lines.map((l, i) => ({ courierId, invoiceId: inv.id, position: start + i + 1, ...l })));
  await addToTotals(db, courierId, inv, lines);
}

/** Fee lines added to (or grown on) an open invoice: its fees, total and status follow; audited. */
export async function addToTotals(
  db: Db,
  courierId: number,
  inv: typeof invoices.$inferSelect,
  lines: Array<Pick<FeeLine, 'kind' | 'description' | 'amountCents'>>,
) {
  const added = lines.reduce((s, l) => s + l.amountCents, 0);
  const totalCents = inv.totalCents + added;
  await db
    .update(invoices)
    .set({
      feesCents: inv.feesCents + added,
      totalCents,
      status: invoiceStatusFor(totalCents, inv.paidCents, inv.status),
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, inv.id));
  await audit(db, {
    courierId,
    actor: null,
    action: 'invoice.fees_added',
    entity: 'invoice',
    entityId: inv.invoiceNo,
    details: { lines, totalBefore: inv.totalCents, totalAfter: totalCents },
  });
}
