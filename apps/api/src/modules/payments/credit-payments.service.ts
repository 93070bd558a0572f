import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { CREDIT_MESSAGES } from '@courier/shared/schemas/account-credit';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { redeemCoupon } from '../account-credit/referrals.service';
import type { InvoiceScope } from '../invoices/invoice-access.service';
import { recordPayment } from './payments.service';

const asDb = (tx: unknown) => tx as Db;

/**
 * Pays one invoice (partly or whole) from the customer's account credit, after turning a coupon,
 * if one is given, into credit for that invoice. One transaction: the coupon row is locked, then
 * the payment takes the receipt counter, the invoice and the customer's balance, in that order. What is left on the
 * invoice is paid the usual ways (online or at the counter).
 */
export async function payWithCredit(options: {
  db: Db;
  mailer: Mailer;
  actor: AuthUser;
  scope: InvoiceScope & { courierId: number };
  input: { invoiceNo: string; amountCents?: number; couponCode?: string };
}) {
  const { db, mailer, actor, scope, input } = options;
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const where = [eq(invoices.courierId, scope.courierId), eq(invoices.invoiceNo, input.invoiceNo)];
    if (scope.customerId !== null) where.push(eq(invoices.customerId, scope.customerId));
    // Read, not locked: recordPayment locks the receipt counter, then the invoice, then the customer,
    // as every payment does (a lock taken here first could deadlock with a counter payment).
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(...where));
    if (!invoice) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
    if (invoice.status === 'void') throw new AppError('unprocessable', BILLING_MESSAGES.invoiceVoid);
    if (invoice.totalCents - invoice.paidCents <= 0) throw new AppError('unprocessable', CREDIT_MESSAGES.invoiceSettled);
    const coupon = input.couponCode
      ? await redeemCoupon(tx, { courierId: scope.courierId, customerId: invoice.customerId, invoice, code: input.couponCode, actor })
      : null;
    const couponCents = coupon?.cents ?? 0;
    const [customer] = await tx.select({ creditCents: customers.creditCents }).from(customers).where(eq(customers.id, invoice.customerId));
    const available = customer?.creditCents ?? 0;
    const balance = invoice.totalCents - invoice.paidCents;
    // The coupon's value, plus the credit asked for (more than there is is refused, never quietly
    // less); with neither an amount nor a coupon, all the credit that fits the invoice.
    const fromBalance = input.amountCents ?? (input.couponCode ? 0 : Math.min(available, balance));
    const amountCents = couponCents + fromBalance;
    if (amountCents <= 0) throw new AppError('unprocessable', CREDIT_MESSAGES.noCredit, { amountCents: [CREDIT_MESSAGES.noCredit] });
    const done = await recordPayment({
      db: tx,
      mailer,
      courierId: scope.courierId,
      actor,
      method: 'account_credit',
      ...(coupon ? { beforeCredit: coupon.apply } : {}),
      allocations: [{ invoiceNo: invoice.invoiceNo, amountCents }],
      ...(couponCents > 0 && input.couponCode ? { reference: `Coupon ${input.couponCode.trim().toUpperCase()}` } : {}),
    });
    const [after] = await tx.select({ creditCents: customers.creditCents }).from(customers).where(eq(customers.id, invoice.customerId));
    return {
      receiptNo: done.receiptNo,
      couponCents,
      creditCents: amountCents,
      balanceCents: after?.creditCents ?? 0,
      invoiceBalanceCents: balance - amountCents,
      message: CREDIT_MESSAGES.creditUsed,
    };
  });
}
