import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from '../../../test/fixtures/comms';
import { CARD, saveCard } from '../../../test/fixtures/card-checks';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';
import { accountCreditEntries } from '../../db/schema/account-credit';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { prepayments, savedCards } from '../../db/schema/saved-cards';

let w: DeskWorld;
let base: string;
let manifestId: number;
let cardId: number;
let seq = 0;

async function parcel(over: Partial<typeof packages.$inferInsert> = {}) {
  seq += 1;
  const [row] = await w.t.db
    .insert(packages)
    .values({
      courierId: w.courierId,
      packageNumber: `PKG-PRE${seq}`,
      trackingNumber: `1ZPRE${seq}`,
      customerId: w.customerId,
      status: 'in_transit',
      weightLb: 3,
      declaredValueUsdCents: 0,
      manifestId,
      ...over,
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

const prepay = (token: string, packageId: number, card = cardId) =>
  w.t.api('POST', '/customer/prepayments', token, { packageId, cardId: card });

/** Makes the parcel ready at `weightLb` and issues its invoice, as the counter would. */
async function invoiceIt(packageId: number, weightLb: number) {
  await w.t.db.update(packages).set({ status: 'ready_for_pickup', weightLb, readyAt: new Date() }).where(eq(packages.id, packageId));
  const res = await w.api('POST', '/invoices', w.tokens.manager, { customerId: w.customerId, packageIds: [packageId] });
  expect(res.statusCode, res.body).toBe(201);
  const [inv] = await w.t.db.select().from(invoices).where(eq(invoices.invoiceNo, res.json().invoiceNo));
  if (!inv) throw new Error('no invoice');
  return inv;
}

beforeAll(async () => {
  w = await buildDeskWorld({ PAYMENT_SIMULATOR: 'true' });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = w.t.app.listeningOrigin;
  await w.t.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, w.courierId));
  const [m] = await w.t.db.insert(manifests).values({ courierId: w.courierId, manifestNumber: 'MAN-PRE1', type: 'AIR' }).returning();
  manifestId = m?.id ?? 0;
  expect(await saveCard(base, w.tokens.customer, CARD.frictionless)).toContain('card=saved');
  const [card] = await w.t.db.select().from(savedCards).where(eq(savedCards.customerId, w.customerId));
  cardId = card?.id ?? 0;
});
afterAll(async () => w?.t.close());

describe('paying a parcel before it arrives', () => {
  it('lists parcels on a manifest with their estimate, and refuses one not on a manifest yet', async () => {
    const waiting = await parcel({ manifestId: null, status: 'received' });
    const res = await prepay(w.tokens.customer, waiting.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('A parcel can be paid before arrival once it is on a manifest');
    const flying = await parcel();
    const list = await w.api('GET', '/customer/prepayments', w.tokens.customer);
    const row = list.json().find((p: { packageId: number }) => p.packageId === flying.id);
    expect(row).toMatchObject({ manifestNo: 'MAN-PRE1', prepayment: null });
    expect(row.estimateCents).toBeGreaterThan(0);
    expect(list.json().some((p: { packageId: number }) => p.packageId === waiting.id)).toBe(false);
  });

  it('takes the estimate once, as a receipt with no invoice yet; the excess goes to account credit when the invoice is smaller', async () => {
    const pkg = await parcel({ weightLb: 5 });
    const estimate = (await w.api('GET', `/customer/packages/${pkg.id}/estimate`, w.tokens.customer)).json().totalCents as number;
    const res = await prepay(w.tokens.customer, pkg.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amountCents: estimate });
    expect((await prepay(w.tokens.customer, pkg.id)).statusCode).toBe(409);
    const [payment] = await w.t.db.select().from(payments).where(eq(payments.receiptNo, res.json().receiptNo));
    expect(payment).toMatchObject({ method: 'online', test: true, amountCents: estimate });
    expect(
      await w.t.db
        .select()
        .from(paymentAllocations)
        .where(eq(paymentAllocations.paymentId, payment?.id ?? 0)),
    ).toEqual([]);
    const [before] = await w.t.db.select({ credit: customers.creditCents }).from(customers).where(eq(customers.id, w.customerId));

    // Weighed lighter at the branch: the invoice is less than what was paid.
    const inv = await invoiceIt(pkg.id, 1);
    expect(inv.totalCents).toBeLessThan(estimate);
    expect(inv.status).toBe('paid');
    expect(inv.paidCents).toBe(inv.totalCents);
    const [held] = await w.t.db.select().from(prepayments).where(eq(prepayments.packageId, pkg.id));
    expect(held).toMatchObject({
      status: 'settled',
      invoiceId: inv.id,
      appliedCents: inv.totalCents,
      creditedCents: estimate - inv.totalCents,
    });
    const [after] = await w.t.db.select({ credit: customers.creditCents }).from(customers).where(eq(customers.id, w.customerId));
    expect((after?.credit ?? 0) - (before?.credit ?? 0)).toBe(estimate - inv.totalCents);
    const [entry] = await w.t.db
      .select()
      .from(accountCreditEntries)
      .where(and(eq(accountCreditEntries.customerId, w.customerId), eq(accountCreditEntries.kind, 'prepayment')));
    expect(entry?.description).toContain(inv.invoiceNo);
    // Money counted once: the one payment, applied, nothing recorded again at the invoice.
    const [allocated] = await w.t.db.select().from(paymentAllocations).where(eq(paymentAllocations.invoiceId, inv.id));
    expect(allocated).toMatchObject({ paymentId: payment?.id, amountCents: inv.totalCents });
    const [{ total } = { total: null }] = await w.t.db
      .select({ total: sum(payments.amountCents) })
      .from(payments)
      .where(and(eq(payments.customerId, w.customerId), eq(payments.receiptNo, res.json().receiptNo)));
    expect(Number(total)).toBe(estimate);
    const list = (await w.api('GET', '/customer/prepayments', w.tokens.customer)).json();
    expect(list.find((p: { packageId: number }) => p.packageId === pkg.id)?.prepayment).toMatchObject({
      status: 'settled',
      invoiceNo: inv.invoiceNo,
      creditedCents: estimate - inv.totalCents,
    });
  });

  it('leaves the rest due when the invoice is more than what was paid', async () => {
    const pkg = await parcel({ weightLb: 1 });
    const res = await prepay(w.tokens.customer, pkg.id);
    expect(res.statusCode, res.body).toBe(201);
    const paid = res.json().amountCents as number;
    const inv = await invoiceIt(pkg.id, 5);
    expect(inv.status).toBe('partially_paid');
    expect(inv.totalCents - inv.paidCents).toBe(inv.totalCents - paid);
    const [held] = await w.t.db.select().from(prepayments).where(eq(prepayments.packageId, pkg.id));
    expect(held).toMatchObject({ appliedCents: paid, creditedCents: 0 });
  });

  it('another courier never pays, sees or uses this customer’s parcel or card', async () => {
    const pkg = await parcel();
    const other = await makeCustomer(w.t, w.secondCourierId);
    await w.t.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, w.secondCourierId));
    const res = await prepay(other.token, pkg.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Save a card first to pay before arrival');
    expect(await saveCard(base, other.token, CARD.frictionless)).toContain('card=saved');
    const [theirs] = await w.t.db.select().from(savedCards).where(eq(savedCards.customerId, other.id));
    const withTheirCard = await prepay(other.token, pkg.id, theirs?.id);
    expect(withTheirCard.statusCode).toBe(404);
    expect(withTheirCard.json().message).toBe('Package not found');
    const list = await w.api('GET', '/customer/prepayments', other.token);
    expect(list.json()).toEqual([]);
    expect((await prepay(w.tokens.admin, pkg.id)).statusCode).toBe(403);
  });

  it('a declined card pays nothing and says what to do', async () => {
    expect(await saveCard(base, w.tokens.customer, CARD.declines)).toContain('card=saved');
    const [card] = await w.t.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.customerId, w.customerId), eq(savedCards.last4, '2222')));
    const pkg = await parcel();
    const res = await prepay(w.tokens.customer, pkg.id, card?.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/declined, so nothing was paid.*your bank declined the charge/);
    expect(await w.t.db.select().from(prepayments).where(eq(prepayments.packageId, pkg.id))).toEqual([]);
  });
});
