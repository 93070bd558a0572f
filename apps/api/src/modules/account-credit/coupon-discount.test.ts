import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskWorld, buildDeskWorld } from '../../../test/fixtures/front-desk';
import { accountCreditEntries } from '../../db/schema/account-credit';
import { customers } from '../../db/schema/customers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { notifications } from '../../db/schema/notifications';
import { payments } from '../../db/schema/payments';

let w: DeskWorld;
beforeAll(async () => {
  w = await buildDeskWorld();
});
afterAll(async () => w?.t.close());

const invoiceRow = async (invoiceNo: string) => (await w.t.db.select().from(invoices).where(eq(invoices.invoiceNo, invoiceNo)))[0];
const collected = async () =>
  ((await w.api('GET', '/dashboard', w.tokens.admin)).json().cards as Array<{ key: string; value: number }>).find(
    (c) => c.key === 'collected_this_month',
  )?.value;

describe('a coupon is a discount on the invoice, never a payment', () => {
  it('is a negative line naming it: no receipt, no credit, no "payment received", not collected', async () => {
    expect((await w.api('POST', '/coupons', w.tokens.admin, { code: 'SAVE500', kind: 'fixed', amountCents: 500_00 })).statusCode).toBe(201);
    const inv = await w.issue([5]);
    const collectedBefore = await collected();
    const res = await w.api('POST', '/payments/credit', w.tokens.customer, { invoiceNo: inv.invoiceNo, couponCode: 'save500' });
    expect(res.statusCode, res.body).toBe(201);
    // What the toast adds up: the coupon's 500.00 once, no credit.
    expect(res.json()).toMatchObject({ receiptNo: null, couponCents: 500_00, creditCents: 0, message: 'Coupon applied' });
    expect(res.json().invoiceBalanceCents).toBe(inv.totalCents - 500_00);

    const after = await invoiceRow(inv.invoiceNo);
    expect(after).toMatchObject({ totalCents: inv.totalCents - 500_00, paidCents: 0, status: 'unpaid' });
    const lines = await w.t.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, after?.id ?? 0));
    expect(lines.filter((l) => l.kind === 'coupon').map((l) => [l.description, l.amountCents])).toEqual([['Coupon SAVE500', -500_00]]);
    // The lines still add up to the total.
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(after?.totalCents);

    expect(await w.t.db.select().from(payments).where(eq(payments.customerId, w.customerId))).toEqual([]);
    expect(await w.t.db.select().from(accountCreditEntries).where(eq(accountCreditEntries.customerId, w.customerId))).toEqual([]);
    const told = await w.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.customerId, w.customerId), like(notifications.title, 'Payment received%')));
    expect(told).toEqual([]);
    expect(await collected()).toBe(collectedBefore);

    // The invoice detail shows the line; the rest is paid the usual way and only that is collected.
    const detail = (await w.api('GET', `/invoices/${inv.invoiceNo}`, w.tokens.customer)).json();
    expect(
      detail.lines.some(
        (l: { description: string; amountCents: number }) => l.description === 'Coupon SAVE500' && l.amountCents === -500_00,
      ),
    ).toBe(true);
    const rest = inv.totalCents - 500_00;
    const paid = await w.api('POST', '/payments', w.tokens.manager, {
      method: 'cash',
      branchId: w.branchId,
      allocations: [{ invoiceNo: inv.invoiceNo, amountCents: rest }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await invoiceRow(inv.invoiceNo))?.status).toBe('paid');
    expect(await collected()).toBe((collectedBefore ?? 0) + rest);
  });

  it('with account credit: the coupon is the line, the credit is the one payment; collected counts neither', async () => {
    await w.api('POST', '/coupons', w.tokens.admin, { code: 'TENOFF', kind: 'percent', percent: 10 });
    await w.api('POST', '/account-credit/goodwill', w.tokens.admin, {
      customerId: w.customerId,
      amountCents: 300_00,
      reason: 'Late delivery',
    });
    const inv = await w.issue([8]);
    const collectedBefore = await collected();
    const tenth = Math.round(inv.totalCents / 10);
    const res = await w.api('POST', '/payments/credit', w.tokens.customer, {
      invoiceNo: inv.invoiceNo,
      couponCode: 'TENOFF',
      amountCents: 300_00,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ couponCents: tenth, creditCents: 300_00, balanceCents: 0 });
    expect(res.json().invoiceBalanceCents).toBe(inv.totalCents - tenth - 300_00);
    const pay = await w.t.db.select().from(payments).where(eq(payments.receiptNo, res.json().receiptNo));
    expect(pay.map((p) => [p.method, p.amountCents])).toEqual([['account_credit', 300_00]]);
    expect(await invoiceRow(inv.invoiceNo)).toMatchObject({
      totalCents: inv.totalCents - tenth,
      paidCents: 300_00,
      status: 'partially_paid',
    });
    expect((await w.t.db.select({ c: customers.creditCents }).from(customers).where(eq(customers.id, w.customerId)))[0]?.c).toBe(0);
    // Credit spent is no money received.
    expect(await collected()).toBe(collectedBefore);
  });

  it('a coupon worth the whole balance settles the invoice', async () => {
    await w.api('POST', '/coupons', w.tokens.admin, { code: 'ALLFREE', kind: 'percent', percent: 100 });
    const inv = await w.issue([1]);
    const res = await w.api('POST', '/payments/credit', w.tokens.customer, { invoiceNo: inv.invoiceNo, couponCode: 'ALLFREE' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await invoiceRow(inv.invoiceNo)).toMatchObject({ totalCents: 0, paidCents: 0, status: 'paid' });
  });
});
