import { and, eq } from 'drizzle-orm';
import { asDb, type Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { invoices } from '../../db/schema/invoices';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { audit } from '../../lib/audit';
import { publish } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { applyPaymentToInvoice } from '../invoices/index';
import { receiptNumber } from './payments.service';

/**
 * Money taken before there is an invoice (a parcel paid for before it arrives): one payment with
 * its receipt and no allocation yet. It is counted as money once, on the day it was taken; when the
 * invoice is issued `applyPayment` spreads it onto it, which moves no money.
 */
export async function recordPrepayment(options: {
  db: Db;
  mailer: Mailer;
  courierId: number;
  customerId: number;
  amountCents: number;
  reference: string;
  notes: string;
  test: boolean;
}): Promise<{ paymentId: number; receiptNo: string }> {
  const { courierId, customerId, amountCents } = options;
  return options.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const receiptNo = receiptNumber(await nextCounter(tx, courierId, 'receipt'));
    const [payment] = await tx
      .insert(payments)
      .values({
        courierId,
        customerId,
        receiptNo,
        amountCents,
        method: 'online',
        reference: options.reference,
        notes: options.notes,
        test: options.test,
      })
      .returning();
    if (!payment) throw new Error('Payment insert returned nothing');
    await audit(tx, {
      courierId,
      actor: null,
      action: 'payment.recorded',
      entity: 'payment',
      entityId: receiptNo,
      details: {
        customerId,
        amountCents,
        method: 'online',
        reference: options.reference,
        prepayment: true,
        ...(options.test ? { mode: 'TEST' } : {}),
      },
    });
    await publish({ db: tx, mailer: options.mailer }, courierId, 'payment.recorded', {
      paymentId: payment.id,
      receiptNo,
      customerId,
      amountCents,
      method: 'online',
      reference: options.reference,
      tenderedCents: null,
      changeCents: null,
      test: options.test,
      paidAt: payment.paidAt.toISOString(),
      allocations: [],
    });
    return { paymentId: payment.id, receiptNo };
  });
}

/**
 * Applies part of a payment already taken to an invoice of the same customer (a prepayment when its
 * parcel's invoice is issued): the invoice's paid amount grows under the same no-overpayment rule
 * as any payment, an allocation links them, and `invoice.paid` is published when it settles it.
 */
export async function applyPayment(
  tx: Db,
  mailer: Mailer,
  input: { courierId: number; paymentId: number; invoiceId: number; amountCents: number },
): Promise<{ balanceAfterCents: number; settled: boolean }> {
  const { courierId } = input;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.courierId, courierId)));
  if (!payment) throw new AppError('not_found', 'Payment not found');
  const [invoice] = await tx
    .select({ invoiceNo: invoices.invoiceNo })
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.courierId, courierId), eq(invoices.customerId, payment.customerId)));
  const updated = invoice ? await applyPaymentToInvoice(tx, input.invoiceId, input.amountCents) : null;
  if (!invoice || !updated) throw new AppError('unprocessable', 'The payment is more than what is left to pay on the invoice');
  const balanceAfterCents = updated.totalCents - updated.paidCents;
  await tx
    .insert(paymentAllocations)
    .values({ courierId, paymentId: payment.id, invoiceId: input.invoiceId, amountCents: input.amountCents, balanceAfterCents });
  await audit(tx, {
    courierId,
    actor: null,
    action: 'payment.applied',
    entity: 'payment',
    entityId: payment.receiptNo,
    details: { invoiceNo: invoice.invoiceNo, amountCents: input.amountCents, balanceAfterCents, ...(payment.test ? { mode: 'TEST' } : {}) },
  });
  const settled = updated.status === 'paid';
  if (settled) {
    await publish({ db: tx, mailer }, courierId, 'invoice.paid', {
      invoiceId: input.invoiceId,
      invoiceNo: invoice.invoiceNo,
      customerId: payment.customerId,
      receiptNo: payment.receiptNo,
    });
  }
  return { balanceAfterCents, settled };
}
