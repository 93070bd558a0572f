import { and, asc, count, eq, gte, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { dayBoundsInZone } from '@courier/shared/domain/datetime';
import { cashUpDifference } from '@courier/shared/domain/cash-up';
import type { PaymentMethod } from '@courier/shared/constants/billing';
import {
  BILLING_MESSAGES,
  type CashUpEntry,
  type CashUpExpected,
  type RecordCashUpInput,
  type UnassignedPayment,
} from '@courier/shared/schemas/billing';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { cashUps } from '../../db/schema/cash-ups';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { paymentRefunds } from '../../db/schema/online-payments';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * A branch's end of day: what its payments say should be there, by method, against what was
 * counted. Recorded once; a mistake is put right by a correction, a new audited entry that points
 * at the one it corrects, never by an edit.
 */
const asDb = (tx: unknown) => tx as Db;

interface CourierBranch {
  courierName: string;
  branchName: string;
  timeZone: string;
}

async function ownBranch(db: Db, courierId: number, branchId: number): Promise<CourierBranch> {
  const [branch] = await db
    .select({ branchName: branches.name, courierName: couriers.name, timeZone: couriers.timeZone })
    .from(branches)
    .innerJoin(couriers, eq(couriers.id, branches.courierId))
    .where(and(eq(branches.id, branchId), eq(branches.courierId, courierId)));
  if (!branch) throw new AppError('not_found', BILLING_MESSAGES.branchNotFound);
  return branch;
}

const dayPayments = (courierId: number, branchId: number, bounds: { start: Date; end: Date }) =>
  and(
    eq(payments.courierId, courierId),
    eq(payments.branchId, branchId),
    gte(payments.paidAt, bounds.start),
    lt(payments.paidAt, bounds.end),
  );

/**
 * What the drawer and the other methods should hold at the end of the day: the day's payments on
 * this till, less what was handed back over this till that day (by the refunded payment's method:
 * a cash refund leaves the drawer where and when it is handed over, whatever day the payment was).
 */
async function expectedByMethod(db: Db, courierId: number, branchId: number, bounds: { start: Date; end: Date }) {
  const [rows, refunds] = await Promise.all([
    db
      .select({ method: payments.method, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`, n: count() })
      .from(payments)
      .where(dayPayments(courierId, branchId, bounds))
      .groupBy(payments.method),
    db
      .select({ method: payments.method, cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(dayRefunds(courierId, branchId, bounds))
      .groupBy(payments.method),
  ]);
  const by = (m: PaymentMethod) => (rows.find((r) => r.method === m)?.cents ?? 0) - (refunds.find((r) => r.method === m)?.cents ?? 0);
  return {
    expectedCashCents: by('cash'),
    expectedCardCents: by('card'),
    expectedBankTransferCents: by('bank_transfer'),
    expectedOnlineCents: by('online'),
    paymentCount: rows.reduce((s, r) => s + r.n, 0),
    refundedCents: refunds.reduce((s, r) => s + r.cents, 0),
  };
}

const dayRefunds = (courierId: number, branchId: number, bounds: { start: Date; end: Date }) =>
  and(
    eq(paymentRefunds.courierId, courierId),
    eq(paymentRefunds.branchId, branchId),
    gte(paymentRefunds.createdAt, bounds.start),
    lt(paymentRefunds.createdAt, bounds.end),
  );

/** The courier's counter payments on no till (online ones never are), oldest first. */
async function unassignedPayments(db: Db, courierId: number): Promise<UnassignedPayment[]> {
  const rows = await db
    .select({
      receiptNo: payments.receiptNo,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      method: payments.method,
      amountCents: payments.amountCents,
      takenByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(users, eq(users.id, payments.takenBy))
    .where(and(eq(payments.courierId, courierId), isNull(payments.branchId), notInArray(payments.method, ['online', 'account_credit'])))
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(200);
  return rows.map((r) => ({ ...r, paidAt: r.paidAt.toISOString() }));
}

/**
 * Places a payment that belongs to no till on a branch's till: that branch's cash-up of the
 * payment's day then counts it, with the refunds of it that had no till either. Only once (moving
 * a payment between tills would change a counted day behind its back); audited.
 */
export async function placeOnTill(options: { db: Db; actor: AuthUser; courierId: number; receiptNo: string; branchId: number }) {
  const { db, actor, courierId, receiptNo, branchId } = options;
  const branch = await ownBranch(db, courierId, branchId);
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [payment] = await tx
      .select({ id: payments.id, method: payments.method, branchId: payments.branchId, branchName: branches.name })
      .from(payments)
      .leftJoin(branches, eq(branches.id, payments.branchId))
      .where(and(eq(payments.courierId, courierId), eq(payments.receiptNo, receiptNo)))
      .for('update', { of: payments });
    if (!payment) throw new AppError('not_found', BILLING_MESSAGES.paymentNotFound);
    if (payment.method === 'online') throw new AppError('unprocessable', BILLING_MESSAGES.onlineNotOnTill);
    if (payment.method === 'account_credit') throw new AppError('unprocessable', BILLING_MESSAGES.creditNotOnTill);
    if (payment.branchId !== null) throw new AppError('conflict', BILLING_MESSAGES.alreadyOnTill(payment.branchName ?? ''));
    await tx.update(payments).set({ branchId }).where(eq(payments.id, payment.id));
    const refunds = await tx
      .update(paymentRefunds)
      .set({ branchId })
      .where(and(eq(paymentRefunds.paymentId, payment.id), isNull(paymentRefunds.branchId), eq(paymentRefunds.toCredit, false)))
      .returning({ creditNoteNo: paymentRefunds.creditNoteNo });
    await audit(tx, {
      courierId,
      actor,
      action: 'payment.placed_on_till',
      entity: 'payment',
      entityId: receiptNo,
      details: {
        before: { branchId: null },
        after: { branchId, branchName: branch.branchName },
        creditNotes: refunds.map((r) => r.creditNoteNo),
      },
    });
    return { receiptNo, branchId, message: BILLING_MESSAGES.placedOnTill(receiptNo, branch.branchName) };
  });
}

async function dayEntries(db: Db, courierId: number, branchId: number, date: string): Promise<CashUpEntry[]> {
  const rows = await db
    .select({
      id: cashUps.id,
      correctsId: cashUps.correctsId,
      openingFloatCents: cashUps.openingFloatCents,
      countedCashCents: cashUps.countedCashCents,
      countedCardCents: cashUps.countedCardCents,
      countedBankTransferCents: cashUps.countedBankTransferCents,
      countedOnlineCents: cashUps.countedOnlineCents,
      expectedCashCents: cashUps.expectedCashCents,
      expectedCardCents: cashUps.expectedCardCents,
      expectedBankTransferCents: cashUps.expectedBankTransferCents,
      expectedOnlineCents: cashUps.expectedOnlineCents,
      differenceCents: cashUps.differenceCents,
      notes: cashUps.notes,
      reason: cashUps.reason,
      closedByName: sql<
        string | null
      >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${cashUps.closedBy})`,
      createdAt: cashUps.createdAt,
    })
    .from(cashUps)
    .where(and(eq(cashUps.courierId, courierId), eq(cashUps.branchId, branchId), eq(cashUps.businessDate, date)))
    .orderBy(asc(cashUps.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function getCashUp(db: Db, courierId: number, branchId: number, date: string): Promise<CashUpExpected> {
  const branch = await ownBranch(db, courierId, branchId);
  const expected = await expectedByMethod(db, courierId, branchId, dayBoundsInZone(date, branch.timeZone));
  const [entries, unassigned] = await Promise.all([dayEntries(db, courierId, branchId, date), unassignedPayments(db, courierId)]);
  return { branchId, date, ...expected, timeZone: branch.timeZone, recorded: entries.at(-1) ?? null, entries, unassigned };
}

interface CashUpOptions {
  db: Db;
  courierId: number;
  actor: AuthUser;
  input: RecordCashUpInput;
}

/** Writes one entry of the day (the first count, or a correction of `corrects`) and its audit row. */
async function writeEntry(options: CashUpOptions, corrects: CashUpEntry | null, reason: string | null): Promise<void> {
  const { db, courierId, actor, input } = options;
  const branch = await ownBranch(db, courierId, input.branchId);
  const expected = await expectedByMethod(db, courierId, input.branchId, dayBoundsInZone(input.date, branch.timeZone));
  const counted = {
    openingFloatCents: input.openingFloatCents ?? 0,
    countedCashCents: input.countedCashCents,
    countedCardCents: input.countedCardCents,
    countedBankTransferCents: input.countedBankTransferCents ?? null,
    countedOnlineCents: input.countedOnlineCents ?? null,
  };
  const differenceCents = cashUpDifference(counted, expected);
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
        ...counted,
        differenceCents,
        notes: input.notes || null,
        correctsId: corrects?.id ?? null,
        reason,
        closedBy: actor.kind === 'user' ? actor.id : null,
      })
      .onConflictDoNothing()
      .returning({ id: cashUps.id });
    const [row] = inserted;
    if (!row) throw new AppError('conflict', BILLING_MESSAGES.cashUpExists);
    const after = { ...counted, ...expected, differenceCents };
    await audit(tx, {
      courierId,
      actor,
      action: corrects ? 'cash_up.corrected' : 'cash_up.recorded',
      entity: 'cash_up',
      entityId: `${input.branchId}:${input.date}`,
      details: corrects
        ? {
            id: row.id,
            correctsId: corrects.id,
            reason,
            before: {
              openingFloatCents: corrects.openingFloatCents,
              countedCashCents: corrects.countedCashCents,
              countedCardCents: corrects.countedCardCents,
              countedBankTransferCents: corrects.countedBankTransferCents,
              countedOnlineCents: corrects.countedOnlineCents,
              differenceCents: corrects.differenceCents,
            },
            after,
          }
        : { id: row.id, ...after },
    });
  });
}

export async function recordCashUp(options: CashUpOptions): Promise<CashUpExpected> {
  await writeEntry(options, null, null);
  return getCashUp(options.db, options.courierId, options.input.branchId, options.input.date);
}

/** A correction of the day's latest entry; the earlier entries are kept as they were. */
export async function correctCashUp(options: CashUpOptions & { reason: string }): Promise<CashUpExpected> {
  const { db, courierId, input } = options;
  await ownBranch(db, courierId, input.branchId);
  const latest = (await dayEntries(db, courierId, input.branchId, input.date)).at(-1);
  if (!latest) throw new AppError('unprocessable', BILLING_MESSAGES.cashUpMissing);
  await writeEntry(options, latest, options.reason);
  return getCashUp(db, courierId, input.branchId, input.date);
}

/** The day's payments at a branch, for the end-of-day sheet. */
export async function cashUpSheetData(db: Db, courierId: number, branchId: number, date: string) {
  const branch = await ownBranch(db, courierId, branchId);
  const summary = await getCashUp(db, courierId, branchId, date);
  const rows = await db
    .select({
      receiptNo: payments.receiptNo,
      paidAt: payments.paidAt,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      method: payments.method,
      reference: payments.reference,
      amountCents: payments.amountCents,
      tenderedCents: payments.tenderedCents,
      changeCents: payments.changeCents,
      test: payments.test,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(dayPayments(courierId, branchId, dayBoundsInZone(date, branch.timeZone)))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  const refunds = await db
    .select({
      creditNoteNo: paymentRefunds.creditNoteNo,
      receiptNo: payments.receiptNo,
      method: payments.method,
      amountCents: paymentRefunds.amountCents,
      reason: paymentRefunds.reason,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(dayRefunds(courierId, branchId, dayBoundsInZone(date, branch.timeZone)))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  return {
    ...branch,
    summary,
    payments: rows.map((r) => ({ ...r, paidAt: r.paidAt.toISOString() })),
    refunds: refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
export type CashUpSheetData = Awaited<ReturnType<typeof cashUpSheetData>>;
