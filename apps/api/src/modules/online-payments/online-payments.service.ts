import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@courier/shared/schemas/billing';
import { ONLINE_PAYMENT_MESSAGES } from '@courier/shared/schemas/online-payments';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { onlinePaymentAttempts } from '../../db/schema/online-payments';
import { payments } from '../../db/schema/payments';
import { audit } from '../../lib/audit';
import { accrueStorageOnInvoice } from '../invoices/index';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { recordPayment } from '../payments/index';
import { GatewayUnavailableError, type PaymentGateway } from './gateway';
import { responsePath } from './test-mode';

const asDb = (tx: unknown) => tx as Db;

/**
 * "Pay now": opens a checkout at the gateway for the invoice's whole balance and remembers it,
 * so the notification can be matched to exactly this invoice, amount and currency.
 */
export async function startCheckout(options: {
  db: Db;
  gateway: PaymentGateway | null;
  customer: AuthUser;
  invoiceNo: string;
  publicUrl: string;
}): Promise<{ redirectUrl: string }> {
  const { db, gateway, customer } = options;
  const courierId = customer.courierId;
  if (customer.kind !== 'customer' || courierId === null) throw new AppError('forbidden', 'Only customers pay their invoices online');
  // Pay now covers the storage owed up to today.
  await accrueStorageOnInvoice(db, null, { courierId, customerId: customer.id, invoiceNo: options.invoiceNo });
  const [invoice] = await db
    .select({
      id: invoices.id,
      invoiceNo: invoices.invoiceNo,
      status: invoices.status,
      balance: invoices.totalCents,
      paid: invoices.paidCents,
      name: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.courierId, courierId), eq(invoices.customerId, customer.id), eq(invoices.invoiceNo, options.invoiceNo)));
  if (!invoice) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  const balanceCents = invoice.balance - invoice.paid;
  if (invoice.status === 'void' || invoice.status === 'paid' || balanceCents <= 0) {
    throw new AppError('unprocessable', ONLINE_PAYMENT_MESSAGES.nothingToPay);
  }
  if (!gateway) throw new AppError('unprocessable', ONLINE_PAYMENT_MESSAGES.notSetUp);

  const orderId = `${invoice.invoiceNo}-${randomBytes(6).toString('hex')}`;
  await db.insert(onlinePaymentAttempts).values({
    courierId,
    customerId: customer.id,
    invoiceId: invoice.id,
    orderId,
    provider: gateway.provider,
    amountCents: balanceCents,
    currency: 'JMD',
    test: gateway.test,
  });
  try {
    const checkout = await gateway.createCheckout({
      orderId,
      amountCents: balanceCents,
      currency: 'JMD',
      responseUrl: `${options.publicUrl}${responsePath(courierId)}`,
      customer: { name: `${invoice.name} ${invoice.lastName}`, email: invoice.email },
      description: invoice.invoiceNo,
    });
    await audit(db, {
      courierId,
      actor: customer,
      action: 'online_payment.started',
      entity: 'invoice',
      entityId: invoice.invoiceNo,
      details: { orderId, amountCents: balanceCents, currency: 'JMD', provider: gateway.provider, ...testMark(gateway.test) },
    });
    return checkout;
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    await db
      .update(onlinePaymentAttempts)
      .set({ status: 'declined', message: error.message, completedAt: new Date() })
      .where(eq(onlinePaymentAttempts.orderId, orderId));
    throw new AppError('unprocessable', ONLINE_PAYMENT_MESSAGES.gatewayUnavailable);
  }
}

/** What an audit entry of a test-mode payment carries, so the log says TEST. */
const testMark = (test: boolean) => (test ? { mode: 'TEST' } : {});

export type NotificationOutcome =
  | { outcome: 'recorded' | 'duplicate' | 'declined'; invoiceNo: string; receiptNo: string | null }
  | { outcome: 'refused'; invoiceNo: string | null; reason: string };

/**
 * The gateway's word on a checkout: the only way an online payment is recorded. The signature
 * must verify under this courier's key; the order must be one of this courier's open checkouts;
 * amount and currency must be those of the checkout (the invoice's balance when it began); the
 * transaction id records at most one payment, so a duplicate changes nothing and a transaction
 * replayed against another checkout is refused. Refusals of signed notifications are audited, of
 * unsigned ones logged; none is ever recorded as money.
 */
export async function acceptNotification(options: {
  db: Db;
  mailer: Mailer;
  gateway: PaymentGateway | null;
  courierId: number;
  params: Record<string, string | undefined>;
  /** Where refusals of unsigned (anonymous) notifications go: the log, never the audit table. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<NotificationOutcome> {
  const { db, gateway, courierId } = options;
  // Anyone can post a notification: until its signature verifies, a refusal is logged, not audited
  // (an audit row per anonymous request would let anyone fill the courier's log).
  const refuseUnsigned = (reason: string): NotificationOutcome => {
    options.log?.warn(
      { courierId, reason, orderId: options.params.order_id?.slice(0, 100) ?? null },
      'payment gateway notification refused before its signature verified',
    );
    return { outcome: 'refused', invoiceNo: null, reason };
  };
  const refuse = async (reason: string, invoiceNo: string | null = null): Promise<NotificationOutcome> => {
    await audit(db, {
      courierId,
      actor: null,
      action: 'online_payment.refused',
      entity: 'online_payment',
      entityId: options.params.transaction_id?.slice(0, 100) ?? null,
      details: {
        reason,
        orderId: options.params.order_id?.slice(0, 100) ?? null,
        total: options.params.total?.slice(0, 30) ?? null,
        ...testMark(gateway?.test ?? false),
      },
    });
    return { outcome: 'refused', invoiceNo, reason };
  };
  // A made-up courier id has nothing to audit against (the log's rows belong to a courier).
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) return { outcome: 'refused', invoiceNo: null, reason: 'unknown courier' };
  // A live courier has no test gateway: a notification signed with the sandbox key finds none here.
  if (!gateway) return refuseUnsigned('no gateway for this courier');
  const verified = gateway.verifyNotification(options.params);
  if (!verified.ok) return refuseUnsigned(verified.reason);
  const n = verified.notification;

  const result = await db.transaction(async (txRaw): Promise<NotificationOutcome | { refuse: string; invoiceNo: string | null }> => {
    const tx = asDb(txRaw);
    const [attempt] = await tx
      .select({ attempt: onlinePaymentAttempts, invoiceNo: invoices.invoiceNo, total: invoices.totalCents, paid: invoices.paidCents })
      .from(onlinePaymentAttempts)
      .innerJoin(invoices, eq(invoices.id, onlinePaymentAttempts.invoiceId))
      .where(and(eq(onlinePaymentAttempts.orderId, n.orderId), eq(onlinePaymentAttempts.courierId, courierId)))
      .for('update', { of: onlinePaymentAttempts });
    if (!attempt) return { refuse: 'unknown order for this courier', invoiceNo: null };
    const a = attempt.attempt;
    const [sameTransaction] = await tx
      .select({ id: onlinePaymentAttempts.id, status: onlinePaymentAttempts.status })
      .from(onlinePaymentAttempts)
      .where(and(eq(onlinePaymentAttempts.provider, a.provider), eq(onlinePaymentAttempts.transactionId, n.transactionId)));
    if (sameTransaction) {
      if (sameTransaction.id === a.id) {
        return { outcome: a.status === 'paid' ? 'duplicate' : 'declined', invoiceNo: attempt.invoiceNo, receiptNo: null };
      }
      return { refuse: 'replayed transaction: already used for another checkout', invoiceNo: attempt.invoiceNo };
    }
    if (a.status !== 'pending') return { refuse: `checkout already ${a.status} by another transaction`, invoiceNo: attempt.invoiceNo };
    // A test checkout is never completed by a live gateway, nor a live one by a test gateway.
    if (a.test !== gateway.test) {
      return {
        refuse: `checkout was opened ${a.test ? 'in test mode' : 'live'}, the courier is ${gateway.test ? 'in test mode' : 'live'} now`,
        invoiceNo: attempt.invoiceNo,
      };
    }
    if (n.status === 'declined') {
      await tx
        .update(onlinePaymentAttempts)
        .set({ status: 'declined', transactionId: n.transactionId, message: n.message?.slice(0, 500) ?? null, completedAt: new Date() })
        .where(eq(onlinePaymentAttempts.id, a.id));
      return { outcome: 'declined', invoiceNo: attempt.invoiceNo, receiptNo: null };
    }
    if (n.currency !== a.currency)
      return { refuse: `currency ${n.currency} is not the checkout's ${a.currency}`, invoiceNo: attempt.invoiceNo };
    if (n.amountCents !== a.amountCents) {
      return { refuse: `amount ${n.amountCents} is not the checkout's ${a.amountCents}`, invoiceNo: attempt.invoiceNo };
    }
    if (n.amountCents > attempt.total - attempt.paid) {
      return { refuse: 'amount is more than the invoice balance now', invoiceNo: attempt.invoiceNo };
    }
    const done = await recordPayment({
      db: tx,
      mailer: options.mailer,
      courierId,
      actor: null,
      method: 'online',
      reference: n.transactionId,
      notes: `${a.test ? 'TEST card payment (no money taken)' : 'Card payment online'} (${a.provider}, order ${a.orderId})`,
      test: a.test,
      allocations: [{ invoiceNo: attempt.invoiceNo, amountCents: n.amountCents }],
    });
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.courierId, courierId), eq(payments.receiptNo, done.receiptNo)));
    await tx
      .update(onlinePaymentAttempts)
      .set({ status: 'paid', transactionId: n.transactionId, paymentId: payment?.id ?? null, completedAt: new Date() })
      .where(eq(onlinePaymentAttempts.id, a.id));
    await audit(tx, {
      courierId,
      actor: null,
      action: 'online_payment.recorded',
      entity: 'invoice',
      entityId: attempt.invoiceNo,
      details: {
        receiptNo: done.receiptNo,
        transactionId: n.transactionId,
        orderId: a.orderId,
        amountCents: n.amountCents,
        currency: n.currency,
        ...testMark(a.test),
      },
    });
    return { outcome: 'recorded', invoiceNo: attempt.invoiceNo, receiptNo: done.receiptNo };
  });
  if ('refuse' in result) return refuse(result.refuse, result.invoiceNo);
  return result;
}
