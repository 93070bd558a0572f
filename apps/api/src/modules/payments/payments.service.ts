import { type SQL, and, count, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_METHODS, type PaymentMethod } from '@courier/shared/constants/billing';
import { BILLING_MESSAGES, type Payment } from '@courier/shared/schemas/billing';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { paymentRefunds } from '../../db/schema/online-payments';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { publish } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import { listClauses, listPage } from '../../lib/list-query';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import type { ReceiptData } from './receipt-pdf';
import { type InvoiceScope, applyPaymentToInvoice } from '../invoices/index';
import { formatAmount } from '@courier/shared/format/money';
import { courierScope } from '../../lib/courier-scope';
import { useCredit } from '../account-credit/index';

const asDb = (tx: unknown) => tx as Db;
export const receiptNumber = (n: number) => `RCT-${String(n).padStart(6, '0')}`;

/**
 * The courier a payment is taken for. Staff take payments for their own courier; the super admin
 * names it with `?courierId=` or, without it, it comes from the invoices themselves (numbers are
 * per courier, so they must name exactly one courier's invoices).
 */
export async function paymentCourier(db: Db, actor: AuthUser, requested: number | undefined, invoiceNos: string[]): Promise<number> {
  if (actor.role !== 'super_admin' || requested) return courierScope(actor, requested);
  const rows = await db
    .selectDistinct({ courierId: invoices.courierId })
    .from(invoices)
    .where(inArray(invoices.invoiceNo, invoiceNos))
    .limit(2);
  const [only] = rows;
  if (rows.length === 0 || !only) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  if (rows.length > 1) throw new AppError('bad_request', BILLING_MESSAGES.invoiceCourierAmbiguous);
  return only.courierId;
}

export interface RecordPaymentOptions {
  db: Db;
  mailer: Mailer;
  courierId: number;
  /** null when the gateway's verified notification records an online payment. */
  actor: AuthUser | null;
  method: PaymentMethod;
  reference?: string;
  notes?: string;
  branchId?: number;
  allocations: Array<{ invoiceNo: string; amountCents: number }>;
  /** Cash handed over (cash only, at least the payment): the change due is recorded with it. */
  tenderedCents?: number;
  /** A test-mode card payment: no money was taken, and its receipt, e-mail and audit say TEST. */
  test?: boolean;
  /** Account credit only: adds credit (a coupon's) under the payment's locks, just before it is drawn. */
  beforeCredit?: () => Promise<void>;
}

/**
 * Records one payment spread over one or more invoices of one customer. Each invoice's paid
 * amount grows in one conditional UPDATE, so two cashiers can never together overpay it. It
 * records, audits and publishes `payment.recorded` (and `invoice.paid` per settled invoice); the
 * reactions are subscribers (apps/api/src/subscribers.ts).
 */
export async function recordPayment(
  options: RecordPaymentOptions,
): Promise<{ receiptNo: string; amountCents: number; changeCents: number | null }> {
  const { db, courierId, actor } = options;
  // Account credit is no money in a till: it draws from the customer's ledger instead.
  const fromCredit = options.method === 'account_credit';
  const branchId = fromCredit ? null : (options.branchId ?? actor?.branchId ?? null);
  const result = await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    if (branchId !== null) {
      const [branch] = await tx
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.id, branchId), eq(branches.courierId, courierId)));
      if (!branch) throw new AppError('not_found', BILLING_MESSAGES.branchNotFound);
    }
    const numbers = options.allocations.map((a) => a.invoiceNo);
    const rows = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, courierId), inArray(invoices.invoiceNo, numbers)));
    const byNo = new Map(rows.map((r) => [r.invoiceNo, r]));
    for (const no of numbers) if (!byNo.has(no)) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
    const customerIds = new Set(rows.map((r) => r.customerId));
    const [customerId] = [...customerIds];
    if (customerIds.size !== 1 || customerId === undefined) throw new AppError('unprocessable', BILLING_MESSAGES.invoicesOneCustomer);
    // Every payment a person takes lands in a till: someone without a branch names it.
    if (actor && branchId === null && !fromCredit)
      throw new AppError('unprocessable', BILLING_MESSAGES.tillRequired, { branchId: [BILLING_MESSAGES.tillRequired] });

    const amountCents = options.allocations.reduce((s, a) => s + a.amountCents, 0);
    const tenderedCents = options.method === 'cash' ? (options.tenderedCents ?? null) : null;
    const changeCents = tenderedCents === null ? null : tenderedCents - amountCents;
    const receiptNo = receiptNumber(await nextCounter(tx, courierId, 'receipt'));
    const [payment] = await tx
      .insert(payments)
      .values({
        courierId,
        customerId,
        receiptNo,
        amountCents,
        method: options.method,
        reference: options.reference || null,
        tenderedCents,
        changeCents,
        notes: options.notes || null,
        test: options.test === true,
        takenBy: actor?.kind === 'user' ? actor.id : null,
        branchId,
      })
      .returning();
    if (!payment) throw new Error('Payment insert returned nothing');
    const settled: Array<{ invoiceId: number; invoiceNo: string }> = [];

    const applied: ReceiptData['allocations'] = [];
    for (const a of options.allocations) {
      const inv = byNo.get(a.invoiceNo);
      if (!inv) continue;
      if (inv.status === 'void') throw new AppError('unprocessable', BILLING_MESSAGES.invoiceVoid);
      if (inv.status === 'paid') throw new AppError('unprocessable', BILLING_MESSAGES.invoicePaid(inv.invoiceNo));
      const updated = await applyPaymentToInvoice(tx, inv.id, a.amountCents);
      if (!updated) {
        const [fresh] = await tx.select().from(invoices).where(eq(invoices.id, inv.id));
        const balance = fresh ? fresh.totalCents - fresh.paidCents : 0;
        throw new AppError('unprocessable', BILLING_MESSAGES.overpayment(inv.invoiceNo, formatAmount(balance)), {
          allocations: [BILLING_MESSAGES.overpayment(inv.invoiceNo, formatAmount(balance))],
        });
      }
      if (updated.status === 'paid') settled.push({ invoiceId: inv.id, invoiceNo: inv.invoiceNo });
      const balanceAfterCents = updated.totalCents - updated.paidCents;
      await tx
        .insert(paymentAllocations)
        .values({ courierId, paymentId: payment.id, invoiceId: inv.id, amountCents: a.amountCents, balanceAfterCents });
      applied.push({ invoiceNo: inv.invoiceNo, amountCents: a.amountCents, balanceAfterCents });
    }
    // Credit is drawn after the invoices are updated: invoice rows, then the customer's, in that
    // order everywhere (using credit online, refunds to credit), so two of them never deadlock.
    if (fromCredit) await options.beforeCredit?.();
    if (fromCredit)
      await useCredit(tx, {
        courierId,
        customerId,
        amountCents,
        paymentId: payment.id,
        description: `Used on ${numbers.join(', ')} (receipt ${receiptNo})`,
        actorUserId: actor?.kind === 'user' ? actor.id : null,
      });
    await audit(tx, {
      courierId,
      actor,
      action: 'payment.recorded',
      entity: 'payment',
      entityId: receiptNo,
      details: {
        customerId,
        amountCents,
        method: options.method,
        reference: options.reference ?? null,
        tenderedCents,
        changeCents,
        allocations: applied,
        ...(options.test ? { mode: 'TEST' } : {}),
      },
    });
    // What follows a payment (the receipt, webhooks, a referral reward) subscribes to these.
    const events = { db: tx, mailer: options.mailer };
    await publish(events, courierId, 'payment.recorded', {
      paymentId: payment.id,
      receiptNo,
      customerId,
      amountCents,
      method: options.method,
      reference: options.reference || null,
      tenderedCents,
      changeCents,
      test: options.test === true,
      paidAt: payment.paidAt.toISOString(),
      allocations: applied,
    });
    for (const inv of settled) await publish(events, courierId, 'invoice.paid', { ...inv, customerId, receiptNo });
    return { receiptNo, amountCents, changeCents };
  });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Reading

const customerNameSql = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;
const takenByNameSql = sql<
  string | null
>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${payments.takenBy})`;
const invoiceNosSql = sql<string[]>`coalesce((select array_agg(i.invoice_no order by i.invoice_no) from ${paymentAllocations} pa
  join ${invoices} i on i.id = pa.invoice_id where pa.payment_id = ${payments.id}), '{}')`;
const refundedSql = sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from ${paymentRefunds} r where r.payment_id = ${payments.id})`;
const creditNoteNosSql = sql<string[]>`coalesce((select array_agg(r.credit_note_no order by r.id) from ${paymentRefunds} r
  where r.payment_id = ${payments.id}), '{}')`;

function paymentScope(scope: InvoiceScope): SQL[] {
  const where: SQL[] = [];
  if (scope.courierId !== null) where.push(eq(payments.courierId, scope.courierId));
  if (scope.customerId !== null) where.push(eq(payments.customerId, scope.customerId));
  return where;
}

function selectPayments(db: Db) {
  return db
    .select({
      id: payments.id,
      courierId: payments.courierId,
      courierName: couriers.name,
      receiptNo: payments.receiptNo,
      customerId: payments.customerId,
      customerName: customerNameSql,
      mailboxNumber: customers.mailboxNumber,
      amountCents: payments.amountCents,
      method: payments.method,
      reference: payments.reference,
      branchId: payments.branchId,
      branchName: branches.name,
      takenByName: takenByNameSql,
      tenderedCents: payments.tenderedCents,
      changeCents: payments.changeCents,
      test: payments.test,
      invoiceNos: invoiceNosSql,
      paidAt: payments.paidAt,
      timeZone: couriers.timeZone,
      refundedCents: refundedSql,
      creditNoteNos: creditNoteNosSql,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .innerJoin(couriers, eq(couriers.id, payments.courierId))
    .leftJoin(branches, eq(branches.id, payments.branchId));
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];
const toPayment = ({ branchId: _branch, ...r }: PaymentRow): Payment => ({ ...r, paidAt: r.paidAt.toISOString() });

export async function listPayments(db: Db, scope: InvoiceScope, query: ListQuery): Promise<Page<Payment>> {
  const clauses = listClauses(
    query,
    {
      sortable: {
        receiptNo: payments.receiptNo,
        customerName: customerNameSql,
        amountCents: payments.amountCents,
        method: payments.method,
        branchName: branches.name,
        paidAt: payments.paidAt,
      },
      searchable: [payments.receiptNo, payments.reference, customers.firstName, customers.lastName, customers.mailboxNumber],
      filterable: {
        method: { column: payments.method, kind: 'oneOf', values: PAYMENT_METHODS },
        customerId: { column: payments.customerId, kind: 'number' },
        branchName: { column: branches.name, kind: 'exact' },
        courierName: { column: couriers.name, kind: 'exact' },
        amountCents: { column: payments.amountCents, kind: 'cents' },
      },
      defaultSort: { column: payments.paidAt, order: 'desc' },
      tieBreaker: payments.id,
    },
    paymentScope(scope),
  );
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await selectPayments(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toPayment),
    count: async (where) => {
      const [row] = await db
        .select({ n: count() })
        .from(payments)
        .innerJoin(customers, eq(customers.id, payments.customerId))
        .innerJoin(couriers, eq(couriers.id, payments.courierId))
        .leftJoin(branches, eq(branches.id, payments.branchId))
        .where(where);
      return row?.n ?? 0;
    },
  });
}

export async function getReceipt(db: Db, scope: InvoiceScope, receiptNo: string): Promise<ReceiptData> {
  const rows = await selectPayments(db)
    .where(and(eq(payments.receiptNo, receiptNo), ...paymentScope(scope)))
    .limit(2);
  const [p] = rows;
  if (rows.length !== 1 || !p) throw new AppError('not_found', BILLING_MESSAGES.paymentNotFound);
  const allocations = await db
    .select({
      invoiceNo: invoices.invoiceNo,
      amountCents: paymentAllocations.amountCents,
      balanceAfterCents: paymentAllocations.balanceAfterCents,
      total: invoices.totalCents,
      paid: invoices.paidCents,
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, p.id));
  return {
    courierId: p.courierId,
    courierName: p.courierName,
    receiptNo: p.receiptNo,
    customerName: p.customerName,
    mailboxNumber: p.mailboxNumber,
    method: p.method,
    reference: p.reference,
    amountCents: p.amountCents,
    paidAt: p.paidAt.toISOString(),
    timeZone: p.timeZone,
    branchId: p.branchId,
    branchName: p.branchName,
    takenByName: p.takenByName,
    tenderedCents: p.tenderedCents,
    changeCents: p.changeCents,
    test: p.test,
    // The balance right after this payment, as recorded with it (the migration backfilled older ones).
    allocations: allocations.map((a) => ({
      invoiceNo: a.invoiceNo,
      amountCents: a.amountCents,
      balanceAfterCents: a.balanceAfterCents ?? a.total - a.paid,
    })),
  };
}
