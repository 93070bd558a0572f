import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { CREDIT_MESSAGES } from '@courier/shared/schemas/account-credit';
import { formatAmount } from '@courier/shared/format/money';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { redeemCoupon, rewardReferralIfDue } from '../account-credit/index';
import { addCouponLine, type InvoiceScope } from '../invoices/index';
import { recordPayment } from './payments.service';

const asDb = (tx: unknown) => tx as Db;

/**
 * On one invoice: a coupon, if one is given, becomes a discount line naming it (never a payment);
 * account credit asked for (or, with neither, all the credit that fits) is a payment from the
 * customer's credit. One transaction, locks in the order of every payment: the coupon row, the
 * receipt counter, the invoice, the customer. What is left is paid the usual ways.
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
    // The credit asked for (more than there is, or than is left after the coupon, is refused, never
    // quietly less); with neither an amount nor a coupon, all the credit that fits the invoice.
    const creditCents = input.amountCents ?? (coupon ? 0 : Math.min(available, balance));
    if (creditCents + couponCents <= 0)
      throw new AppError('unprocessable', CREDIT_MESSAGES.noCredit, { amountCents: [CREDIT_MESSAGES.noCredit] });
    if (creditCents > balance - couponCents) {
      const message = BILLING_MESSAGES.overpayment(invoice.invoiceNo, formatAmount(balance - couponCents));
      throw new AppError('unprocessable', message, { amountCents: [message] });
    }
    const done =
      creditCents > 0
        ? await recordPayment({
            db: tx,
            mailer,
            courierId: scope.courierId,
            actor,
            method: 'account_credit',
            allocations: [{ invoiceNo: invoice.invoiceNo, amountCents: creditCents }],
          })
        : null;
    if (coupon) {
      await coupon.apply();
      const after = await addCouponLine(tx, {
        courierId: scope.courierId,
        invoiceId: invoice.id,
        couponCode: coupon.code,
        amountCents: couponCents,
        actor,
      });
      // A coupon that settles the invoice counts as its first paid invoice for a referral.
      if (after.status === 'paid' && invoice.status !== 'paid') await rewardReferralIfDue(tx, mailer, scope.courierId, invoice.customerId);
    }
    const [after] = await tx.select({ creditCents: customers.creditCents }).from(customers).where(eq(customers.id, invoice.customerId));
    return {
      receiptNo: done?.receiptNo ?? null,
      couponCents,
      creditCents,
      balanceCents: after?.creditCents ?? 0,
      invoiceBalanceCents: balance - couponCents - creditCents,
      message: coupon
        ? creditCents > 0
          ? CREDIT_MESSAGES.couponAndCreditApplied
          : CREDIT_MESSAGES.couponApplied
        : CREDIT_MESSAGES.creditUsed,
    };
  });
}
