import { type SQL, and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@courier/shared/constants/billing';
import { BILLING_MESSAGES, type CashUpExpected, type Payment, formatJmd } from '@courier/shared/schemas/billing';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { cashUps } from '../../db/schema/cash-ups';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { listClauses, listPage } from '../../lib/list-query';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import type { ReceiptData } from '../invoices/invoice-pdf';
import type { InvoiceScope } from '../invoices/invoices.service';

const asDb = (tx: unknown) => tx as Db;
export const receiptNumber = (n: number) => `RCT-${String(n).padStart(6, '0')}`;

export interface RecordPaymentOptions {
  db: Db;
  mailer: Mailer;
  courierId: number;
  actor: AuthUser;
  method: PaymentMethod;
  reference?: string;
  notes?: string;
  branchId?: number;
  allocations: Array<{ invoiceNo: string; amountCents: number }>;
}

/**
 * Records one payment spread over one or more invoices of one customer. Each invoice's paid
 * amount grows in one conditional UPDATE, so two cashiers can never together overpay it.
 */
export async function recordPayment(options: RecordPaymentOptions): Promise<{ receiptNo: string; amountCents: number }> {
  const { db, courierId, actor } = options;
  const branchId = options.branchId ?? actor.branchId ?? null;
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

    const amountCents = options.allocations.reduce((s, a) => s + a.amountCents, 0);
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
        notes: options.notes || null,
        takenBy: actor.kind === 'user' ? actor.id : null,
        branchId,
      })
      .returning();
    if (!payment) throw new Error('Payment insert returned nothing');

    const applied: ReceiptData['allocations'] = [];
    for (const a of options.allocations) {
      const inv = byNo.get(a.invoiceNo);
      if (!inv) continue;
      if (inv.status === 'void') throw new AppError('unprocessable', BILLING_MESSAGES.invoiceVoid);
      if (inv.status === 'paid') throw new AppError('unprocessable', BILLING_MESSAGES.invoicePaid(inv.invoiceNo));
      const [updated] = await tx
        .update(invoices)
        .set({
          paidCents: sql`${invoices.paidCents} + ${a.amountCents}`,
          status: sql`case when ${invoices.paidCents} + ${a.amountCents} >= ${invoices.totalCents} then 'paid' else 'partially_paid' end`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(invoices.id, inv.id),
            sql`${invoices.status} <> 'void'`,
            sql`${invoices.paidCents} + ${a.amountCents} <= ${invoices.totalCents}`,
          ),
        )
        .returning({ paidCents: invoices.paidCents, totalCents: invoices.totalCents });
      if (!updated) {
        const [fresh] = await tx.select().from(invoices).where(eq(invoices.id, inv.id));
        const balance = fresh ? fresh.totalCents - fresh.paidCents : 0;
        throw new AppError('unprocessable', BILLING_MESSAGES.overpayment(inv.invoiceNo, formatJmd(balance)), {
          allocations: [BILLING_MESSAGES.overpayment(inv.invoiceNo, formatJmd(balance))],
        });
      }
      await tx.insert(paymentAllocations).values({ courierId, paymentId: payment.id, invoiceId: inv.id, amountCents: a.amountCents });
      applied.push({ invoiceNo: inv.invoiceNo, amountCents: a.amountCents, balanceCents: updated.totalCents - updated.paidCents });
    }
    await audit(tx, {
      courierId,
      actor,
      action: 'payment.recorded',
      entity: 'payment',
      entityId: receiptNo,
      details: { customerId, amountCents, method: options.method, reference: options.reference ?? null, allocations: options.allocations },
    });

    const [customer] = await tx
      .select({ firstName: customers.firstName, email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (customer) {
      await options.mailer.enqueue(
        {
          courierId,
          to: customer.email,
          subject: `Receipt ${receiptNo}: JMD ${formatJmd(amountCents)} received`,
          text: [
            `Hello ${customer.firstName},`,
            '',
            `We received JMD ${formatJmd(amountCents)} by ${PAYMENT_METHOD_LABELS[options.method]}${options.reference ? ` (reference ${options.reference})` : ''}.`,
            `Receipt: ${receiptNo}`,
            ...applied.map((a) => `- ${a.invoiceNo}: JMD ${formatJmd(a.amountCents)} applied, balance JMD ${formatJmd(a.balanceCents)}`),
            '',
            'Your receipt is under Payments in your account, where you can download it as a PDF.',
          ].join('\n'),
        },
        tx,
      );
    }
    return { receiptNo, amountCents };
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
      branchName: branches.name,
      takenByName: takenByNameSql,
      invoiceNos: invoiceNosSql,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .innerJoin(couriers, eq(couriers.id, payments.courierId))
    .leftJoin(branches, eq(branches.id, payments.branchId));
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayments>['execute']>>[number];
const toPayment = (r: PaymentRow): Payment => ({ ...r, paidAt: r.paidAt.toISOString() });

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
      total: invoices.totalCents,
      paid: invoices.paidCents,
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, p.id));
  return {
    courierName: p.courierName,
    receiptNo: p.receiptNo,
    customerName: p.customerName,
    mailboxNumber: p.mailboxNumber,
    method: p.method,
    reference: p.reference,
    amountCents: p.amountCents,
    paidAt: p.paidAt.toISOString(),
    branchName: p.branchName,
    takenByName: p.takenByName,
    // The balance today, which is what a reprinted receipt can honestly show.
    allocations: allocations.map((a) => ({ invoiceNo: a.invoiceNo, amountCents: a.amountCents, balanceCents: a.total - a.paid })),
  };
}

// ---------------------------------------------------------------------------------------------
// End-of-day cash-up

/** Day bounds in Jamaica time (UTC-5 all year, no daylight saving), where the branches are. */
function jamaicaDay(date: string): { start: Date; end: Date } {
  const start = new Date(`${date}T05:00:00.000Z`);
  return { start, end: new Date(start.getTime() + 24 * 3600 * 1000) };
}

async function ownBranch(db: Db, courierId: number, branchId: number) {
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.courierId, courierId)));
  if (!branch) throw new AppError('not_found', BILLING_MESSAGES.branchNotFound);
}

async function expectedByMethod(db: Db, courierId: number, branchId: number, date: string) {
  const { start, end } = jamaicaDay(date);
  const rows = await db
    .select({ method: payments.method, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`, n: count() })
    .from(payments)
    .where(and(eq(payments.courierId, courierId), eq(payments.branchId, branchId), gte(payments.paidAt, start), lt(payments.paidAt, end)))
    .groupBy(payments.method);
  const by = (m: PaymentMethod) => rows.find((r) => r.method === m)?.cents ?? 0;
  return {
    expectedCashCents: by('cash'),
    expectedCardCents: by('card'),
    expectedBankTransferCents: by('bank_transfer'),
    expectedOnlineCents: by('online'),
    paymentCount: rows.reduce((s, r) => s + r.n, 0),
  };
}

export async function getCashUp(db: Db, courierId: number, branchId: number, date: string): Promise<CashUpExpected> {
  await ownBranch(db, courierId, branchId);
  const expected = await expectedByMethod(db, courierId, branchId, date);
  const [recorded] = await db
    .select({
      countedCashCents: cashUps.countedCashCents,
      countedCardCents: cashUps.countedCardCents,
      differenceCents: cashUps.differenceCents,
      notes: cashUps.notes,
      closedByName: sql<
        string | null
      >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${cashUps.closedBy})`,
      createdAt: cashUps.createdAt,
    })
    .from(cashUps)
    .where(and(eq(cashUps.courierId, courierId), eq(cashUps.branchId, branchId), eq(cashUps.businessDate, date)));
  return {
    branchId,
    date,
    ...expected,
    recorded: recorded ? { ...recorded, createdAt: recorded.createdAt.toISOString() } : null,
  };
}

export async function recordCashUp(options: {
  db: Db;
  courierId: number;
  actor: AuthUser;
  input: { branchId: number; date: string; countedCashCents: number; countedCardCents: number; notes?: string };
}): Promise<CashUpExpected> {
  const { db, courierId, actor, input } = options;
  await ownBranch(db, courierId, input.branchId);
  const expected = await expectedByMethod(db, courierId, input.branchId, input.date);
  const differenceCents = input.countedCashCents + input.countedCardCents - (expected.expectedCashCents + expected.expectedCardCents);
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const inserted = await tx
      .insert(cashUps)
      .values({
        courierId,
        branchId: input.branchId,
        businessDate: input.date,
        expectedCashCents: expected.expectedCashCents,
        expectedCardCents: expected.expectedCardCents,
        expectedBankTransferCents: expected.expectedBankTransferCents,
        expectedOnlineCents: expected.expectedOnlineCents,
        countedCashCents: input.countedCashCents,
        countedCardCents: input.countedCardCents,
        differenceCents,
        notes: input.notes || null,
        closedBy: actor.kind === 'user' ? actor.id : null,
      })
      .onConflictDoNothing()
      .returning({ id: cashUps.id });
    if (inserted.length === 0) throw new AppError('conflict', BILLING_MESSAGES.cashUpExists);
    await audit(tx, {
      courierId,
      actor,
      action: 'cash_up.recorded',
      entity: 'cash_up',
      entityId: `${input.branchId}:${input.date}`,
      details: { ...expected, countedCashCents: input.countedCashCents, countedCardCents: input.countedCardCents, differenceCents },
    });
  });
  return getCashUp(db, courierId, input.branchId, input.date);
}
