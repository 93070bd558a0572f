import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { packages } from '../../db/schema/packages';

/**
 * What a customer asks for lands in the queue of the staff who act on it: a bell count for those
 * with the matching permission at that courier, nobody else.
 */

let t: TestApp;
let courierId: number;
let decider: { token: string };
let buyer: { token: string };
let viewer: { token: string };
let elsewhere: { token: string };
let customer: Awaited<ReturnType<typeof makeCustomer>>;

const feed = async (token: string) => {
  const res = await t.api('GET', '/notifications?limit=50', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { unreadCount: number; data: Array<{ type: string; title: string; link: string | null }> };
};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!courier) throw new Error('no demo courier');
  courierId = courier.id;
  decider = await makeUser(t, courierId, 'staff', ['packages_view', 'packages_edit']);
  buyer = await makeUser(t, courierId, 'staff', ['customers_view', 'invoices_create']);
  viewer = await makeUser(t, courierId, 'staff', ['packages_view']);
  const other = await makeCourier(t, 'SQO');
  elsewhere = await makeUser(t, other.id, 'courier_admin');
  customer = await makeCustomer(t, courierId);
});
afterAll(async () => t?.close());

describe('staff queues', () => {
  it('a new insurance claim reaches those who decide claims, linked to the claims list, and no one else', async () => {
    const [pkg] = await t.db
      .insert(packages)
      .values({
        courierId,
        customerId: customer.id,
        packageNumber: 'PKG-SQ0001',
        trackingNumber: '1ZSTAFFQUEUE1',
        status: 'ready_for_pickup',
        weightLb: 1,
        insured: true,
        declaredValueUsdCents: 100_00,
      })
      .returning();
    if (!pkg) throw new Error('package insert failed');
    const opened = await t.api('POST', '/insurance-claims', customer.token, {
      packageId: pkg.id,
      reason: 'damaged',
      description: 'The box was crushed',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const claimNo = opened.json().claimNo as string;
    const mine = await feed(decider.token);
    const entry = mine.data.find((n) => n.type === 'new_insurance_claim');
    expect(entry).toMatchObject({ title: `New insurance claim ${claimNo}`, link: `/staff/insurance-claims?claim=${claimNo}` });
    expect(mine.unreadCount).toBeGreaterThanOrEqual(1);
    expect((await feed(viewer.token)).data.some((n) => n.type === 'new_insurance_claim')).toBe(false);
    expect((await feed(elsewhere.token)).data.some((n) => n.type === 'new_insurance_claim')).toBe(false);
    // The claims list filters by status, and shows one courier's claims only.
    const list = async (token: string, status: string) => (await t.api('GET', `/insurance-claims?status=${status}`, token)).json().data;
    expect((await list(decider.token, 'open')).map((c: { claimNo: string }) => c.claimNo)).toEqual([claimNo]);
    expect(await list(decider.token, 'approved')).toEqual([]);
    expect(await list(elsewhere.token, 'open')).toEqual([]);
    const bad = await t.api('GET', '/insurance-claims?status=maybe', decider.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose open, approved or declined');
  });

  it('a new Shop For Me request reaches those who quote it', async () => {
    const res = await t.api('POST', '/customer/shop-requests', customer.token, {
      items: [{ itemUrl: 'https://www.amazon.com/dp/B000000001', itemDescription: 'Kettle', quantity: 1, estimatedPriceUsdCents: 25_00 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = (await feed(buyer.token)).data.find((n) => n.type === 'new_shop_request');
    expect(entry?.link).toBe('/staff/shop-requests');
    expect((await feed(decider.token)).data.some((n) => n.type === 'new_shop_request')).toBe(false);
    expect((await feed(elsewhere.token)).data.some((n) => n.type === 'new_shop_request')).toBe(false);
  });
});
