import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp } from '../../../test/helper';
import { invoices } from '../../db/schema/invoices';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { subjectOf } from '../../lib/tokens';

/** Money sums past 2^31 cents (JMD 21.5 million: a busy courier's month, the platform's sooner) are answered whole. */
let t: TestApp;
let superAdmin: string;
const BIG = 1_500_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  // Two couriers, each below 2^31 cents in the month: only the platform's sums pass it.
  for (const code of ['LSA', 'LSB']) {
    const courier = await makeCourier(t, code);
    const customer = await makeCustomer(t, courier.id);
    await t.db
      .insert(invoices)
      .values({ courierId: courier.id, customerId: customer.id, invoiceNo: `INV-${code}`, totalCents: BIG, exchangeRate: 150 });
    await t.db
      .insert(payments)
      .values({ courierId: courier.id, customerId: customer.id, receiptNo: `RCT-${code}`, amountCents: BIG, method: 'cash' });
  }
  const [admin] = await t.db
    .insert(users)
    .values({ role: 'super_admin', firstName: 'S', lastName: 'A', email: 'sa@large-sums.test', passwordHash: 'x' })
    .returning();
  superAdmin = (
    await t.ctx.tokens.sign({ sub: subjectOf('user', admin?.id ?? 0), role: 'super_admin', type: 'access', courierId: null }, 3600)
  ).token;
});
afterAll(async () => t?.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('platform-wide money sums', () => {
  it('the super admin report adds every courier up past 2^31 cents', async () => {
    const res = await t.api('GET', `/reports?from=${day(-1)}&to=${day(1)}`, superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals).toEqual({ invoicedCents: 2 * BIG, collectedCents: 2 * BIG, outstandingCents: 2 * BIG });
  });

  it("the super admin dashboard's month figures too", async () => {
    const res = await t.api('GET', '/dashboard', superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const cards = Object.fromEntries(res.json().cards.map((c: { key: string; value: number }) => [c.key, c.value]));
    expect(cards).toMatchObject({ invoiced_this_month: 2 * BIG, collected_this_month: 2 * BIG });
  });
});
