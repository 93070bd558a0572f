import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, bearer, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { carrierTrackings } from '../../db/schema/carrier-tracking';
import { couriers } from '../../db/schema/couriers';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';

// Shop For Me orders keep the item cost entered for each, and arrive without waiting for an
// invoice: the courier bought them, so the request is their invoice.

let t: TestApp;
let base: string;
let staff: string;
let admin: string;
let demoId: number;
let otherAdmin: string;

beforeAll(async () => {
  t = await buildTestApp({ PAYMENT_SIMULATOR: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = t.app.listeningOrigin;
  await seedDemoData(t);
  staff = await loginAs(t, 'staff');
  admin = await loginAs(t, 'courier_admin');
  const [demo] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!demo) throw new Error('no demo courier');
  demoId = demo.id;
  // The courier holds parcels without a merchant invoice: a Shop For Me order must still pass.
  await t.db.update(couriers).set({ requireInvoice: true }).where(eq(couriers.id, demoId));
  otherAdmin = (await makeUser(t, (await makeCourier(t, 'SFO')).id, 'courier_admin')).token;
});
afterAll(async () => t?.close());

/** A request quoted at US$89.99 + US$25.47, accepted and paid online. */
async function paidRequest(customer: Awaited<ReturnType<typeof makeCustomer>>) {
  const created = await t.api('POST', '/customer/shop-requests', customer.token, {
    items: [
      { itemUrl: 'https://shop.example.com/boots', itemDescription: 'Boots', quantity: 1, estimatedPriceUsdCents: 8_999 },
      { itemUrl: 'https://other.example.com/case', itemDescription: 'Phone case', quantity: 1, estimatedPriceUsdCents: 2_547 },
    ],
    notes: '',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const quoted = await t.api('POST', `/shop-requests/${id}/quote`, admin, {
    items: [
      { description: 'Boots', quantity: 1, unitPriceUsdCents: 8_999 },
      { description: 'Phone case', quantity: 1, unitPriceUsdCents: 2_547 },
    ],
    salesTaxUsdCents: 0,
    usShippingUsdCents: 0,
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const accepted = await t.api('POST', `/customer/shop-requests/${id}/decision`, customer.token, { decision: 'accept' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const started = await fetch(`${base}/api/invoices/${accepted.json().invoice.invoiceNo}/pay-online`, {
    method: 'POST',
    headers: bearer(customer.token),
  });
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
    redirect: 'manual',
  });
  return { id, requestNo: created.json().requestNo as string };
}

describe('Shop For Me orders', () => {
  it('keep the item cost entered for each order and arrive without an invoice hold, by scan and by the agent API', async () => {
    const customer = await makeCustomer(t, demoId);
    const { id, requestNo } = await paidRequest(customer);
    const stamp = Date.now();
    const boots = `1ZSFMA${stamp}`;
    const caseTracking = `1ZSFMB${stamp}`;
    const orders = [
      { merchant: 'Boot Shop', orderNumber: 'B-1', trackingNumber: boots, carrier: 'UPS', itemCostUsdCents: 8_999 },
      { merchant: 'Case Shop', orderNumber: 'C-2', trackingNumber: caseTracking, carrier: 'UPS', itemCostUsdCents: 2_547 },
    ];

    // With two orders, each must say what it cost.
    const unpriced = await t.api('POST', `/shop-requests/${id}/purchase`, admin, {
      orders: orders.map(({ itemCostUsdCents: _, ...o }) => o),
    });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().message).toContain(SERVICE_MESSAGES.orderCostRequired);
    // Another courier cannot record it.
    expect((await t.api('POST', `/shop-requests/${id}/purchase`, otherAdmin, { orders })).statusCode).toBe(404);

    const bought = await t.api('POST', `/shop-requests/${id}/purchase`, admin, { orders });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().orders.map((o: { itemCostUsdCents: number }) => o.itemCostUsdCents)).toEqual([8_999, 2_547]);
    const pre = await t.db.select().from(preAlerts).where(eq(preAlerts.shopRequestId, id));
    expect(new Map(pre.map((p) => [p.trackingNumber, p.declaredValueUsdCents]))).toEqual(
      new Map([
        [boots, 8_999],
        [caseTracking, 2_547],
      ]),
    );
    const alerts = (await t.api('GET', '/customer/pre-alerts', customer.token)).json().data as Array<{
      trackingNumber: string;
      hasInvoice: boolean;
      shopRequestNo: string | null;
    }>;
    expect(
      alerts
        .filter((a) => a.shopRequestNo === requestNo)
        .map((a) => a.trackingNumber)
        .sort(),
    ).toEqual([boots, caseTracking].sort());

    // The boots arrive by the scan station, the case through the agent's API: neither waits for an invoice.
    const scanned = await t.api('POST', '/packages', staff, { trackingNumber: boots, weightLb: 3 });
    expect(scanned.statusCode, scanned.body).toBe(201);
    const key = await t.api('POST', '/settings/api-keys', admin, { name: 'Agent', scopes: ['packages:write'] });
    expect(key.statusCode, key.body).toBe(201);
    const viaApi = await t.api({
      method: 'POST',
      url: '/v1/packages',
      headers: { authorization: `Bearer ${key.json().key}` },
      payload: { trackingNumber: caseTracking, weightLb: 1 },
    });
    expect(viaApi.statusCode, viaApi.body).toBeLessThan(300);
    const arrived = await t.db.select().from(packages).where(eq(packages.customerId, customer.id));
    expect(arrived.map((p) => [p.trackingNumber, p.status, p.holdReason, p.declaredValueUsdCents]).sort()).toEqual(
      [
        [boots, 'received', null, 8_999],
        [caseTracking, 'received', null, 2_547],
      ].sort(),
    );

    // The customer's package names the request as its invoice, never "missing".
    for (const p of arrived) {
      const mine = await t.api('GET', `/customer/packages/${p.id}`, customer.token);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toMatchObject({ shopRequestNo: requestNo, hasInvoice: false });
    }
    const staffView = await t.api('GET', `/packages/${arrived[0]?.id}`, staff);
    expect(staffView.json().shopRequestNo).toBe(requestNo);
  });

  it('one order alone takes the quoted item cost when none is entered', async () => {
    const customer = await makeCustomer(t, demoId);
    const { id } = await paidRequest(customer);
    const tracking = `1ZSFMC${Date.now()}`;
    const bought = await t.api('POST', `/shop-requests/${id}/purchase`, admin, {
      orders: [{ merchant: 'One Shop', orderNumber: 'O-1', trackingNumber: tracking, carrier: 'UPS' }],
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const [pre] = await t.db.select().from(preAlerts).where(eq(preAlerts.trackingNumber, tracking));
    expect(pre?.declaredValueUsdCents).toBe(8_999 + 2_547);
  });

  it('are followed at the carrier like a customer’s own pre-alert, under their courier only', async () => {
    // A courier in test mode follows its pre-alerts through the simulator.
    await t.db.update(couriers).set({ paymentTestMode: true }).where(eq(couriers.id, demoId));
    const customer = await makeCustomer(t, demoId);
    const { id } = await paidRequest(customer);
    const tracking = `1ZSFMD${Date.now()}`;
    const bought = await t.api('POST', `/shop-requests/${id}/purchase`, admin, {
      orders: [{ merchant: 'One Shop', orderNumber: 'O-2', trackingNumber: tracking, carrier: 'UPS' }],
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const [pre] = await t.db.select().from(preAlerts).where(eq(preAlerts.trackingNumber, tracking));
    const followed = await t.db
      .select()
      .from(carrierTrackings)
      .where(eq(carrierTrackings.preAlertId, pre?.id ?? -1));
    expect(followed.map((f) => [f.courierId, f.trackingNumber, f.slug])).toEqual([[demoId, tracking, 'ups']]);
    const listed = (res: { json(): { data: Array<{ preAlertId: number }> } }) => res.json().data.map((x) => x.preAlertId);
    expect(listed(await t.api('GET', '/carrier-tracking', admin))).toContain(pre?.id);
    expect(listed(await t.api('GET', '/carrier-tracking', otherAdmin))).not.toContain(pre?.id);
  });
});
