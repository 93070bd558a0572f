import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { type InvoiceRefund, ONLINE_PAYMENT_MESSAGES, type RefundInput } from '@courier/shared/schemas/online-payments';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { onlinePaymentAttempts, paymentRefunds } from '../../db/schema/online-payments';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import type { InvoiceScope } from '../invoices/index';
import type { PaymentGateway } from './gateway';
import { formatAmount, formatJmd } from '@courier/shared/format/money';
import { addCredit } from '../account-credit/index';
import { recordRefund } from '../payments/index';

const asDb = (tx: unknown) => tx as Db;
export const creditNoteNumber = (n: number) => `CN-${String(n).padStart(6, '0')}`;

/**
 * Gives back part or all of one payment on one of its invoices, as a numbered credit note against
 * that invoice: what was owed and what was paid both go down by it, so a settled invoice stays
 * settled. The money leaves a till (the person's branch, or the one they name; cash needs one).
 * Audited and e-mailed. An online payment is refunded at the gateway first (WiPay itself has no
 * refund call: then the admin is told to refund in the WiPay dashboard). Never more than what is
 * left of the payment there.
 */
export async function refundPayment(options: {
  db: Db;
  mailer: Mailer;
  actor: AuthUser;
  courierId: number;
  receiptNo: string;
  input: Required<Pick<RefundInput, 'amountCents' | 'reason'>> & { invoiceNo?: string; branchId?: number; toCredit?: boolean };
  gatewayFor: (courierId: number) => Promise<PaymentGateway | null>;
}) {
  const { db, actor, courierId, input } = options;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.courierId, courierId), eq(payments.receiptNo, options.receiptNo)));
  if (!payment) throw new AppError('not_found', BILLING_MESSAGES.paymentNotFound);
  const allocations = await db
    .select({ invoiceId: paymentAllocations.invoiceId, invoiceNo: invoices.invoiceNo, amountCents: paymentAllocations.amountCents })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, payment.id));
  let allocation = allocations[0];
  if (input.invoiceNo) {
    allocation = allocations.find((a) => a.invoiceNo === input.invoiceNo);
    if (!allocation)
      throw new AppError('unprocessable', ONLINE_PAYMENT_MESSAGES.refundInvoiceNotOnPayment, {
        invoiceNo: [ONLINE_PAYMENT_MESSAGES.refundInvoiceNotOnPayment],
      });
  } else if (allocations.length > 1) {
    throw new AppError('unprocessable', ONLINE_PAYMENT_MESSAGES.refundChooseInvoice, {
      invoiceNo: [ONLINE_PAYMENT_MESSAGES.refundChooseInvoice],
    });
  }
  if (!allocation) throw new AppError('not_found', BILLING_MESSAGES.paymentNotFound);
  const chosen = allocation;
  // Account credit goes back to the ledger (so does a refund the person asks to give as credit):
  // no till and no gateway. Cash is handed back over a till; other methods go back where they came from.
  const toCredit = input.toCredit === true || payment.method === 'account_credit';
  const branchId = toCredit ? null : (input.branchId ?? actor.branchId ?? (payment.method === 'cash' ? null : payment.branchId));
  if (!toCredit && payment.method === 'cash' && branchId === null)
    throw new AppError('unprocessable', BILLING_MESSAGES.refundTillRequired, { branchId: [BILLING_MESSAGES.refundTillRequired] });
  if (branchId !== null) {
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, branchId), eq(branches.courierId, courierId)));
    if (!branch) throw new AppError('not_found', BILLING_MESSAGES.branchNotFound);
  }

  const refundedSoFar = async (tx: Db) => {
    const [row] = await tx
      .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.invoiceId, chosen.invoiceId)));
    return row?.cents ?? 0;
  };
  const tooMuch = (left: number) =>
    new AppError('unprocessable', ONLINE_PAYMENT_MESSAGES.refundTooMuch(formatAmount(left)), {
      amountCents: [ONLINE_PAYMENT_MESSAGES.refundTooMuch(formatAmount(left))],
    });
  const leftBefore = chosen.amountCents - (await refundedSoFar(db));
  if (input.amountCents > leftBefore) throw tooMuch(leftBefore);

  // The card is refunded at the gateway before we write it down: a refused refund records nothing.
  let gatewayReference: string | null = null;
  let manual = false;
  if (payment.method === 'online' && !toCredit) {
    const [attempt] = await db
      .select({ transactionId: onlinePaymentAttempts.transactionId, currency: onlinePaymentAttempts.currency })
      .from(onlinePaymentAttempts)
      .where(eq(onlinePaymentAttempts.paymentId, payment.id));
    const gateway = await options.gatewayFor(courierId);
    if (attempt?.transactionId && gateway) {
      const result = await gateway.refund({
        transactionId: attempt.transactionId,
        amountCents: input.amountCents,
        currency: attempt.currency,
        reason: input.reason,
      });
      gatewayReference = result.reference;
      manual = result.status === 'manual';
    } else {
      manual = true;
    }
  }

  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    // Lock the invoice, then check again: two refunds at once cannot together exceed the payment.
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, chosen.invoiceId)).for('update');
    if (!invoice) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
    const left = chosen.amountCents - (await refundedSoFar(tx));
    if (input.amountCents > left) throw tooMuch(left);
    const creditNoteNo = creditNoteNumber(await nextCounter(tx, courierId, 'credit_note'));
    await recordRefund(tx, {
      courierId,
      creditNoteNo,
      paymentId: payment.id,
      invoiceId: invoice.id,
      amountCents: input.amountCents,
      reason: input.reason,
      gatewayReference,
      refundedBy: actor.kind === 'user' ? actor.id : null,
      branchId,
      toCredit,
    });
    const creditBalanceCents = toCredit
      ? await addCredit(tx, {
          courierId,
          customerId: payment.customerId,
          kind: 'refund',
          amountCents: input.amountCents,
          description: `Refund of receipt ${payment.receiptNo} (credit note ${creditNoteNo}): ${input.reason}`,
          creditNoteNo,
          actor,
        })
      : null;
    // The invoice is not reopened: its balance and status stay, the credit note explains the difference.
    const balanceCents = invoice.totalCents - invoice.paidCents;
    await audit(tx, {
      courierId,
      actor,
      action: 'payment.refunded',
      entity: 'payment',
      entityId: payment.receiptNo,
      details: {
        creditNoteNo,
        invoiceNo: invoice.invoiceNo,
        amountCents: input.amountCents,
        reason: input.reason,
        method: payment.method,
        branchId,
        gatewayReference,
        refundAtGateway: payment.method === 'online' && !toCredit ? (manual ? 'manual' : 'done') : null,
        toCredit,
        invoice: { status: invoice.status, balanceCents },
      },
    });
    const [customer] = await tx
      .select({ firstName: customers.firstName, email: customers.email })
      .from(customers)
      .where(eq(customers.id, payment.customerId));
    if (customer) {
      await options.mailer.enqueue(
        {
          courierId,
          to: customer.email,
          subject: `Refund of ${formatJmd(input.amountCents)} on receipt ${payment.receiptNo} (credit note ${creditNoteNo})`,
          text: [
            `Hello ${customer.firstName},`,
            '',
            `We refunded ${formatJmd(input.amountCents)} of receipt ${payment.receiptNo} (${invoice.invoiceNo}).`,
            `Credit note: ${creditNoteNo}`,
            `Reason: ${input.reason}`,
            `The credit note lowers what ${invoice.invoiceNo} charges by the amount refunded; its balance stays ${formatJmd(balanceCents)}.`,
            ...(creditBalanceCents === null
              ? []
              : [
                  '',
                  `The refund went to your account credit, which you can use on any invoice. Your credit balance is now ${formatJmd(creditBalanceCents)}.`,
                ]),
          ].join('\n'),
        },
        tx,
      );
    }
    return {
      creditNoteNo,
      invoiceNo: invoice.invoiceNo,
      amountCents: input.amountCents,
      balanceCents,
      gatewayReference,
      message: toCredit
        ? ONLINE_PAYMENT_MESSAGES.refundToCredit
        : manual
          ? ONLINE_PAYMENT_MESSAGES.refundManual
          : ONLINE_PAYMENT_MESSAGES.refundRecorded,
    };
  });
}

/** The refunds made on one invoice, newest first, for whoever may read the invoice. */
export async function listInvoiceRefunds(db: Db, scope: InvoiceScope, invoiceNo: string): Promise<InvoiceRefund[]> {
  const where: SQL[] = [eq(invoices.invoiceNo, invoiceNo)];
  if (scope.courierId !== null) where.push(eq(invoices.courierId, scope.courierId));
  if (scope.customerId !== null) where.push(eq(invoices.customerId, scope.customerId));
  const found = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(...where))
    .limit(2);
  const [invoice] = found;
  if (found.length !== 1 || !invoice) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  const rows = await db
    .select({
      creditNoteNo: paymentRefunds.creditNoteNo,
      receiptNo: payments.receiptNo,
      amountCents: paymentRefunds.amountCents,
      reason: paymentRefunds.reason,
      refundedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      gatewayReference: paymentRefunds.gatewayReference,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .leftJoin(users, eq(users.id, paymentRefunds.refundedBy))
    .where(eq(paymentRefunds.invoiceId, invoice.id))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
