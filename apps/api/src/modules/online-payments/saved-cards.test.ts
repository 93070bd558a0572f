import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { CARD, saveCard, startCheck } from '../../../test/fixtures/card-checks';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { emailOutbox } from '../../db/schema/email';
import { invoices } from '../../db/schema/invoices';
import { payments } from '../../db/schema/payments';
import { cardChecks, cardCharges, savedCards } from '../../db/schema/saved-cards';
import { SecretBox } from '../../lib/secret-box';
import { runDueCardCharges } from './card-charges.service';
import type { CardDeps } from './card-processor-for';

let w: DeskWorld;
let base: string;
let deps: CardDeps;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;
let other: Customer;
let otherAdmin: string;
let courierName: string;

const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000);
const cardsOf = (token: string) => w.t.api('GET', '/customer/saved-cards', token);

beforeAll(async () => {
  w = await buildDeskWorld({ PAYMENT_SIMULATOR: 'true' });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = w.t.app.listeningOrigin;
  await w.t.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, w.courierId));
  // A second courier, also in test mode: its people must never reach the first's cards.
  await w.t.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, w.secondCourierId));
  other = await makeCustomer(w.t, w.secondCourierId);
  otherAdmin = w.tokens.secondAdmin;
  const [c] = await w.t.db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, w.courierId));
  courierName = c?.name ?? '';
  deps = {
    db: w.t.db,
    mailer: w.t.ctx.mailer,
    config: w.t.config,
    secrets: new SecretBox(w.t.ctx.tokens.secret),
    ownOrigin: () => base,
  };
});
afterAll(async () => w?.t.close());

describe('saving a card with 3-D Secure', () => {
  it('refuses a mistyped number or an expired card in plain words, before the processor is asked', async () => {
    const bad = await startCheck(base, w.tokens.customer, '4012000000020007');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/card number is not valid/);
    const expired = await startCheck(base, w.tokens.customer, CARD.challenge, { expiry: '01/20' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('does not save a card whose bank check fails (wrong password)', async () => {
    const back = await saveCard(base, w.tokens.customer, CARD.challenge, 'wrong');
    expect(back).toContain('/customer/cards?card=failed');
    expect((await cardsOf(w.tokens.customer)).json().cards).toEqual([]);
  });

  it('saves a card after the challenge and shows it masked; only the sealed token is kept, never the number', async () => {
    const back = await saveCard(base, w.tokens.customer, CARD.challenge);
    expect(back).toContain('/customer/cards?card=saved');
    const list = (await cardsOf(w.tokens.customer)).json();
    expect(list).toMatchObject({ available: true, test: true });
    expect(list.cards).toEqual([
      expect.objectContaining({ brand: 'Visa', last4: '0006', expiryMonth: 12, expiryYear: 2030, autopay: false, test: true }),
    ]);
    const [row] = await w.t.db.select().from(savedCards).where(eq(savedCards.customerId, w.customerId));
    expect(row?.tokenSealed).toBeTruthy();
    expect(row?.tokenSealed).not.toContain('sim');
    // The number is in none of the rows this wrote (cards, checks, audit, outbox).
    for (const table of ['saved_cards', 'card_checks', 'audit_log', 'email_outbox', 'domain_events']) {
      const found = await w.t.db.execute(sql.raw(`select count(*)::int as n from ${table} t where t::text like '%${CARD.challenge}%'`));
      expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]?.n, table).toBe(0);
    }
  });

  it('answers a made-up or replayed return with no card and no error', async () => {
    const junk = await fetch(`${base}/api/online-payments/powertranz/${w.courierId}/response`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Response: JSON.stringify({ TransactionIdentifier: 'nope', SpiToken: 'x' }) }).toString(),
      redirect: 'manual',
    });
    expect(junk.status).toBe(303);
    expect(junk.headers.get('location')).toContain('card=ended');
    const [check] = await w.t.db.select().from(cardChecks).where(eq(cardChecks.status, 'saved')).limit(1);
    expect(check).toBeTruthy();
  });

  it('never shows, changes or removes a card for another courier or another customer', async () => {
    const [card] = await w.t.db.select().from(savedCards).where(eq(savedCards.customerId, w.customerId));
    const id = card?.id ?? 0;
    expect((await cardsOf(other.token)).json().cards).toEqual([]);
    const autopay = await w.t.api('PUT', `/customer/saved-cards/${id}/autopay`, other.token, { autopay: true });
    expect(autopay.statusCode).toBe(404);
    expect(autopay.json().message).toBe('Card not found');
    const removed = await w.t.api('DELETE', `/customer/saved-cards/${id}`, other.token);
    expect(removed.statusCode).toBe(404);
    // Staff see it masked in their own courier only; never the token.
    const own = await w.api('GET', `/customers/${w.customerId}/saved-card`, w.tokens.admin);
    expect(own.json().card).toMatchObject({ last4: '0006' });
    expect(own.body).not.toContain('token');
    const foreign = await w.t.api('GET', `/customers/${w.customerId}/saved-card`, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('0006');
    // Staff and other roles cannot use the customer routes.
    expect((await cardsOf(w.tokens.admin)).statusCode).toBe(403);
    const noPermission = await makeUser(w.t, w.courierId, 'staff', []);
    expect((await w.t.api('GET', `/customers/${w.customerId}/saved-card`, noPermission.token)).statusCode).toBe(403);
  });

  it('offers no saved card to a live courier', async () => {
    await w.t.db.update(couriers).set({ paymentTestMode: false }).where(eq(couriers.id, w.secondCourierId));
    expect((await cardsOf(other.token)).json()).toMatchObject({ available: false, cards: [] });
    const refused = await startCheck(base, other.token, CARD.challenge);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/not offered/);
    await w.t.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, w.secondCourierId));
  });
});

describe('paying new invoices automatically', () => {
  it('tells the customer the amount and the day first, then charges on that day, once', async () => {
    const [card] = await w.t.db.select().from(savedCards).where(eq(savedCards.customerId, w.customerId));
    const on = await w.api('PUT', `/customer/saved-cards/${card?.id}/autopay`, w.tokens.customer, { autopay: true });
    expect(on.statusCode, on.body).toBe(200);
    const issued = await w.issue([2]);
    const [scheduled] = await w.t.db
      .select()
      .from(cardCharges)
      .where(eq(cardCharges.savedCardId, card?.id ?? 0));
    expect(scheduled).toMatchObject({ status: 'scheduled', amountCents: issued.totalCents, test: true });
    const [notice] = await w.t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%Invoice ${issued.invoiceNo}%will be charged%`));
    expect(notice?.subject.startsWith(courierName)).toBe(true);
    expect(notice?.subject).toContain('TEST');
    expect(notice?.textBody).toContain('Visa ending 0006');

    // Not before its day.
    expect((await runDueCardCharges(deps)).paid).toBe(0);
    const done = await runDueCardCharges(deps, inThreeDays());
    expect(done.paid).toBe(1);
    const [inv] = await w.t.db.select().from(invoices).where(eq(invoices.invoiceNo, issued.invoiceNo));
    expect(inv?.status).toBe('paid');
    const [pay] = await w.t.db.select().from(payments).where(eq(payments.customerId, w.customerId)).orderBy(desc(payments.id)).limit(1);
    expect(pay).toMatchObject({ method: 'online', test: true, amountCents: issued.totalCents });
    // A second round takes nothing more.
    expect((await runDueCardCharges(deps, inThreeDays())).paid).toBe(0);
    const list = (await cardsOf(w.tokens.customer)).json();
    expect(list.charges[0]).toMatchObject({ invoiceNo: issued.invoiceNo, status: 'paid', receiptNo: pay?.receiptNo });
  });

  it('a declined charge leaves the invoice due and tells the customer plainly what to do', async () => {
    const back = await saveCard(base, w.tokens.customer, CARD.declines);
    expect(back).toContain('card=saved');
    const list = (await cardsOf(w.tokens.customer)).json();
    expect(list.cards[0]).toMatchObject({ last4: '2222', autopay: true });
    const issued = await w.issue([1]);
    const done = await runDueCardCharges(deps, inThreeDays());
    expect(done.declined).toBe(1);
    const [inv] = await w.t.db.select().from(invoices).where(eq(invoices.invoiceNo, issued.invoiceNo));
    expect(inv?.status).toBe('unpaid');
    const [mail] = await w.t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%declined%${issued.invoiceNo}%`));
    expect(mail?.subject.startsWith(courierName)).toBe(true);
    expect(mail?.textBody).toContain('your bank declined the charge. Nothing was charged.');
    expect(mail?.textBody).toContain('Pay it online or at the counter, or save another card');
    const [entry] = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card_charge.declined'), eq(auditLog.entityId, issued.invoiceNo)));
    expect(entry?.details).toMatchObject({ mode: 'TEST' });
  });

  it('removing the card (after confirming on screen) cancels what was waiting on it', async () => {
    const list = (await cardsOf(w.tokens.customer)).json();
    await w.issue([1]);
    const id = list.cards[0].id;
    const res = await w.t.api('DELETE', `/customer/saved-cards/${id}`, w.tokens.customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Card removed/);
    const waiting = await w.t.db
      .select()
      .from(cardCharges)
      .where(and(eq(cardCharges.savedCardId, id), eq(cardCharges.status, 'scheduled')));
    expect(waiting).toEqual([]);
    const [row] = await w.t.db.select().from(savedCards).where(eq(savedCards.id, id));
    expect(row?.tokenSealed).toBe('');
    expect((await cardsOf(w.tokens.customer)).json().cards).toEqual([]);
  });
});
