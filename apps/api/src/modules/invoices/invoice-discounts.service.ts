import { and, eq, ne, sql } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { CREDIT_MESSAGES } from '@courier/shared/schemas/account-credit';
import type { Db } from '../../db/client';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * A coupon is a discount line on the invoice, never a payment: a negative line naming the coupon,
 * after the taxes, that lowers the total (and so the balance). No receipt, no money counted.
 * Runs in the caller's transaction; the invoice row is locked while the line is added.
 */
export async function addCouponLine(
  db: Db,
  options: { courierId: number; invoiceId: number; couponCode: string; amountCents: number; actor: AuthUser | null },
): Promise<{ invoiceNo: string; totalCents: number; paidCents: number; status: string }> {
  const { courierId, invoiceId, couponCode, amountCents } = options;
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.courierId, courierId)))
    .for('update');
  if (!inv) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  if (inv.status === 'void') throw new AppError('unprocessable', BILLING_MESSAGES.invoiceVoid);
  if (amountCents <= 0 || inv.totalCents - inv.paidCents < amountCents)
    throw new AppError('unprocessable', CREDIT_MESSAGES.invoiceSettled, { couponCode: [CREDIT_MESSAGES.invoiceSettled] });
  const [last] = await db
    .select({ position: sql<number>`coalesce(max(${invoiceLines.position}), 0)::int` })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inv.id));
  await db.insert(invoiceLines).values({
    courierId,
    invoiceId: inv.id,
    position: (last?.position ?? 0) + 1,
    kind: 'coupon',
    description: `Coupon ${couponCode}`,
    packageId: null,
    amountCents: -amountCents,
  });
  const totalCents = inv.totalCents - amountCents;
  // Nothing left to pay is paid, whether money or the coupon settled it.
  const status = totalCents <= inv.paidCents ? 'paid' : inv.paidCents > 0 ? 'partially_paid' : 'unpaid';
  await db.update(invoices).set({ totalCents, status, updatedAt: new Date() }).where(eq(invoices.id, inv.id));
  await audit(db, {
    courierId,
    actor: options.actor,
    action: 'invoice.coupon_applied',
    entity: 'invoice',
    entityId: inv.invoiceNo,
    details: { couponCode, amountCents, totalBefore: inv.totalCents, totalAfter: totalCents },
  });
  return { invoiceNo: inv.invoiceNo, totalCents, paidCents: inv.paidCents, status };
}

/** The coupon lines an invoice keeps when its charges are priced again (a negative sum). */
export async function couponLinesOf(db: Db, invoiceId: number) {
  return db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.kind, 'coupon'), ne(invoiceLines.amountCents, 0)))
    .orderBy(invoiceLines.position);
}
