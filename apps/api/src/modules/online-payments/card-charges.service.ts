import { and, eq, isNull, lte } from 'drizzle-orm';
import { maskedCard } from '@courier/shared/domain/card';
import { addDays, dayInZone, formatCalendarDay } from '@courier/shared/domain/datetime';
import { formatJmd } from '@courier/shared/format/money';
import { TEST_PAYMENT_NOTE } from '@courier/shared/constants/billing';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { payments } from '../../db/schema/payments';
import { cardCharges, savedCards } from '../../db/schema/saved-cards';
import { audit } from '../../lib/audit';
import { subscriber } from '../../lib/domain-events';
import type { Mailer } from '../../lib/mailer';
import { recordPayment } from '../payments/index';
import { type CardDeps, cardProcessorFor } from './card-processor-for';
import { type ChargeResult, ProcessorUnavailableError, declineWords } from './powertranz';

/** Days between the notice and the charge: time to pay another way or turn automatic payment off. */
let noticeDays = 2;
/** Set once from the configuration (CARD_CHARGE_NOTICE_DAYS) when the routes are built. */
export function useCardChargeNoticeDays(days: number): void {
  noticeDays = days;
}

/**
 * A new invoice of a customer paying automatically: the charge is scheduled for a day
 * the notice days ahead (two by default), and the customer is told by e-mail first, with the amount, the card
 * and that day. Runs after a payment in advance has settled on the invoice, so only the rest is due.
 */
export const scheduleCardCharge = subscriber({
  name: 'online-payments.schedule-card-charge',
  on: 'invoice.issued',
  async handle({ db, mailer }, { courierId, data }) {
    const [card] = await db
      .select()
      .from(savedCards)
      .where(
        and(
          eq(savedCards.courierId, courierId),
          eq(savedCards.customerId, data.customerId),
          isNull(savedCards.removedAt),
          eq(savedCards.autopay, true),
        ),
      );
    if (!card) return;
    const [invoice] = await db
      .select({ total: invoices.totalCents, paid: invoices.paidCents, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, data.invoiceId));
    const balance = invoice ? invoice.total - invoice.paid : 0;
    if (!invoice || balance <= 0 || invoice.status === 'void') return;
    const [who] = await db
      .select({ email: customers.email, firstName: customers.firstName, timeZone: couriers.timeZone })
      .from(customers)
      .innerJoin(couriers, eq(couriers.id, customers.courierId))
      .where(eq(customers.id, data.customerId));
    if (!who) return;
    const chargeOn = addDays(dayInZone(new Date(), who.timeZone), noticeDays);
    const [scheduled] = await db
      .insert(cardCharges)
      .values({
        courierId,
        customerId: data.customerId,
        invoiceId: data.invoiceId,
        savedCardId: card.id,
        amountCents: balance,
        chargeOn,
        test: card.test,
      })
      .onConflictDoNothing()
      .returning({ id: cardCharges.id });
    if (!scheduled) return;
    const day = formatCalendarDay(chargeOn, 'weekday');
    await mailer.enqueue(
      {
        courierId,
        to: who.email,
        subject: `${card.test ? 'TEST ' : ''}Invoice ${data.invoiceNo}: ${formatJmd(balance)} will be charged to your card on ${day}`,
        text: [
          `Hello ${who.firstName},`,
          '',
          ...(card.test ? [TEST_PAYMENT_NOTE, ''] : []),
          `You pay new invoices automatically. On ${day} we will charge ${formatJmd(balance)} for invoice ${data.invoiceNo} to your ${maskedCard(card)}.`,
          'To pay another way, pay the invoice before then, or turn automatic payment off under Cards and automatic payment.',
          '',
          `View the invoice: ${await mailer.link(courierId, `/customer/invoices/${encodeURIComponent(data.invoiceNo)}`, db)}`,
        ].join('\n'),
      },
      db,
    );
    await audit(db, {
      courierId,
      actor: null,
      action: 'card_charge.scheduled',
      entity: 'invoice',
      entityId: data.invoiceNo,
      details: { amountCents: balance, chargeOn, card: maskedCard(card), ...(card.test ? { mode: 'TEST' } : {}) },
    });
  },
});

type ChargeOutcome = 'paid' | 'declined' | 'cancelled' | 'retry';

/**
 * Takes the charges due today (in each courier's zone), each once: a charge is claimed by setting
 * its attempt time, so two rounds or replicas never charge it twice. It takes the invoice's balance
 * on the day, never more than the notice said; a decline tells the customer plainly what to do.
 */
export async function runDueCardCharges(deps: CardDeps, now = new Date()): Promise<Record<ChargeOutcome, number>> {
  const counts: Record<ChargeOutcome, number> = { paid: 0, declined: 0, cancelled: 0, retry: 0 };
  // The latest calendar day anywhere: each row is then checked against its courier's own day.
  const latest = addDays(dayInZone(now, 'UTC'), 1);
  const due = await deps.db
    .select({ id: cardCharges.id, chargeOn: cardCharges.chargeOn, timeZone: couriers.timeZone })
    .from(cardCharges)
    .innerJoin(couriers, eq(couriers.id, cardCharges.courierId))
    .where(and(eq(cardCharges.status, 'scheduled'), isNull(cardCharges.attemptedAt), lte(cardCharges.chargeOn, latest)))
    .orderBy(cardCharges.chargeOn, cardCharges.id)
    .limit(200);
  for (const row of due) {
    if (row.chargeOn > dayInZone(now, row.timeZone)) continue;
    counts[await takeCharge(deps, row.id)] += 1;
  }
  return counts;
}

async function takeCharge(deps: CardDeps, chargeId: number): Promise<ChargeOutcome> {
  const { db } = deps;
  const [charge] = await db
    .update(cardCharges)
    .set({ attemptedAt: new Date() })
    .where(and(eq(cardCharges.id, chargeId), eq(cardCharges.status, 'scheduled'), isNull(cardCharges.attemptedAt)))
    .returning();
  if (!charge) return 'retry';
  const end = async (status: 'cancelled' | 'declined', message: string) => {
    await db
      .update(cardCharges)
      .set({ status, message: message.slice(0, 300) })
      .where(eq(cardCharges.id, charge.id));
    return status;
  };
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, charge.invoiceId));
  const [card] = await db.select().from(savedCards).where(eq(savedCards.id, charge.savedCardId));
  if (!invoice || invoice.status === 'void' || invoice.status === 'paid' || invoice.totalCents <= invoice.paidCents) {
    return end('cancelled', 'Nothing was left to pay');
  }
  if (!card || card.removedAt || !card.autopay) return end('cancelled', 'Automatic payment was turned off or the card removed');
  const processor = await cardProcessorFor(deps, charge.courierId);
  if (!processor || processor.test !== card.test) return end('cancelled', 'Card payments changed mode since the card was saved');
  const amountCents = Math.min(charge.amountCents, invoice.totalCents - invoice.paidCents);
  let result: ChargeResult;
  try {
    result = await processor.chargeToken({
      panToken: deps.secrets.open(card.tokenSealed),
      amountCents,
      orderIdentifier: invoice.invoiceNo,
    });
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    // Not reached: try again next round.
    await db.update(cardCharges).set({ attemptedAt: null }).where(eq(cardCharges.id, charge.id));
    return 'retry';
  }
  if (!result.approved) {
    await db
      .update(cardCharges)
      .set({
        status: 'declined',
        transactionIdentifier: result.transactionIdentifier,
        message: `${result.isoResponseCode}: ${result.message}`.slice(0, 300),
      })
      .where(eq(cardCharges.id, charge.id));
    await tellDeclined(db, deps.mailer, {
      charge,
      invoiceNo: invoice.invoiceNo,
      card,
      amountCents,
      why: declineWords(result.isoResponseCode),
    });
    return 'declined';
  }
  const done = await recordPayment({
    db,
    mailer: deps.mailer,
    courierId: charge.courierId,
    actor: null,
    method: 'online',
    reference: result.transactionIdentifier,
    notes: `${card.test ? 'TEST automatic card payment (no money taken)' : 'Automatic card payment'}: ${maskedCard(card)}`,
    test: card.test,
    allocations: [{ invoiceNo: invoice.invoiceNo, amountCents }],
  });
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.courierId, charge.courierId), eq(payments.receiptNo, done.receiptNo)));
  await db
    .update(cardCharges)
    .set({ status: 'paid', transactionIdentifier: result.transactionIdentifier, paymentId: payment?.id ?? null, message: null })
    .where(eq(cardCharges.id, charge.id));
  return 'paid';
}

/** A declined automatic charge: the customer is told plainly, with what to do next. */
async function tellDeclined(
  db: Db,
  mailer: Mailer,
  input: {
    charge: typeof cardCharges.$inferSelect;
    invoiceNo: string;
    card: typeof savedCards.$inferSelect;
    amountCents: number;
    why: string;
  },
) {
  const { charge, invoiceNo, card } = input;
  const [who] = await db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, charge.customerId));
  if (!who) return;
  await mailer.enqueue({
    courierId: charge.courierId,
    to: who.email,
    subject: `${card.test ? 'TEST ' : ''}Your card was declined: invoice ${invoiceNo} is not paid`,
    text: [
      `Hello ${who.firstName},`,
      '',
      ...(card.test ? [TEST_PAYMENT_NOTE, ''] : []),
      `We tried to charge ${formatJmd(input.amountCents)} for invoice ${invoiceNo} to your ${maskedCard(card)}, but ${input.why}. Nothing was charged.`,
      'The invoice is still open. Pay it online or at the counter, or save another card under Cards and automatic payment and it will be used for your next invoices.',
      '',
      `Pay the invoice: ${await mailer.link(charge.courierId, `/customer/invoices/${encodeURIComponent(invoiceNo)}`, db)}`,
    ].join('\n'),
  });
  await audit(db, {
    courierId: charge.courierId,
    actor: null,
    action: 'card_charge.declined',
    entity: 'invoice',
    entityId: invoiceNo,
    details: { amountCents: input.amountCents, reason: input.why, card: maskedCard(card), ...(card.test ? { mode: 'TEST' } : {}) },
  });
}
