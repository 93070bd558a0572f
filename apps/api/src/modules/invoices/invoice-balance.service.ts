import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/invoices';

/**
 * Puts part of a payment on an invoice: paid grows and the status follows (paid once nothing is
 * owed, else partly paid), in one UPDATE that refuses a void invoice or more than its balance.
 * The invoice's paid, total and status after it, or null when refused.
 */
export async function applyPaymentToInvoice(db: Db, invoiceId: number, amountCents: number) {
  const [updated] = await db
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${amountCents}`,
      status: sql`case when ${invoices.paidCents} + ${amountCents} >= ${invoices.totalCents} then 'paid' else 'partially_paid' end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(invoices.id, invoiceId),
        sql`${invoices.status} <> 'void'`,
        sql`${invoices.paidCents} + ${amountCents} <= ${invoices.totalCents}`,
      ),
    )
    .returning({ paidCents: invoices.paidCents, totalCents: invoices.totalCents, status: invoices.status });
  return updated ?? null;
}
