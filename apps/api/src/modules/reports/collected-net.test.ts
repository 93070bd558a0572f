import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { invoices } from '../../db/schema/invoices';
import { paymentRefunds } from '../../db/schema/online-payments';
import { payments } from '../../db/schema/payments';

/**
 * "Collected" in the reports and on the dashboard is money taken less money given back: a refund
 * by cash or card comes off on the day it left; a refund to account credit keeps the money here.
 */
let t: TestApp;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  const tag = Date.now().toString().slice(-5);
  const courier = await makeCourier(t, `CN${tag}`);
  const other = await makeCourier(t, `CO${tag}`);
  admin = (await makeUser(t, courier.id, 'courier_admin')).token;
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
  const customer = await makeCustomer(t, courier.id);
  const [invoice] = await t.db
    .insert(invoices)
    .values({ courierId: courier.id, customerId: customer.id, invoiceNo: `INV-CN${tag}`, totalCents: 20_000_00, exchangeRate: 150 })
    .returning();
  if (!invoice) throw new Error('no invoice');
  const pay = async (receiptNo: string, amountCents: number, method: 'cash' | 'card' | 'account_credit') => {
    const [p] = await t.db
      .insert(payments)
      .values({ courierId: courier.id, customerId: customer.id, receiptNo, amountCents, method })
      .returning();
    if (!p) throw new Error('no payment');
    return p;
  };
  const cash = await pay(`RCT-CN${tag}1`, 10_000_00, 'cash');
  await pay(`RCT-CN${tag}2`, 5_000_00, 'card');
  // Paid from account credit: no money taken.
  await pay(`RCT-CN${tag}3`, 2_000_00, 'account_credit');
  const refund = (n: number, amountCents: number, toCredit: boolean) =>
    t.db.insert(paymentRefunds).values({
      courierId: courier.id,
      creditNoteNo: `CN-CN${tag}${n}`,
      paymentId: cash.id,
      invoiceId: invoice.id,
      amountCents,
      reason: 'Overcharged',
      toCredit,
    });
  // JMD 1,500 handed back in cash; JMD 700 given back as account credit.
  await refund(1, 1_500_00, false);
  await refund(2, 700_00, true);
});
afterAll(async () => t?.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('collected, net of refunds', () => {
  // By hand: cash 10,000 + card 5,000 (account credit 2,000 is no money) - cash refund 1,500 = 13,500.
  const NET = 10_000_00 + 5_000_00 - 1_500_00;

  it('the report counts collections after refunds', async () => {
    const res = await t.api('GET', `/reports?from=${day(-1)}&to=${day(1)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals.collectedCents).toBe(NET);
    const periods = res.json().revenue as { collectedCents: number }[];
    expect(periods.reduce((s, r) => s + r.collectedCents, 0)).toBe(NET);
    // Another courier's report has none of it.
    const theirs = await t.api('GET', `/reports?from=${day(-1)}&to=${day(1)}`, otherAdmin);
    expect(theirs.json().totals.collectedCents).toBe(0);
  });

  it("the dashboard's month figure too", async () => {
    const res = await t.api('GET', '/dashboard', admin);
    expect(res.statusCode, res.body).toBe(200);
    const cards = Object.fromEntries(res.json().cards.map((c: { key: string; value: number }) => [c.key, c.value]));
    expect(cards.collected_this_month).toBe(NET);
  });
});
