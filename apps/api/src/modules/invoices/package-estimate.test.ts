import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';

/** Before it is invoiced, a parcel shows its billable weight and the charges its invoice will carry. */

let t: TestApp;
let courierId: number;
let admin: string;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let otherAdmin: string;
let otherCustomer: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [jxp] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!jxp) throw new Error('no demo courier');
  courierId = jxp.id;
  admin = await loginAs(t, 'courier_admin');
  customer = await makeCustomer(t, courierId);
  const other = await makeCourier(t, `PE${Date.now().toString().slice(-5)}`);
  otherAdmin = (await makeUser(t, other.id, 'courier_admin')).token;
  otherCustomer = (await makeCustomer(t, other.id)).token;
  // Volumetric at 139 in³/lb for air, as the calculator and the invoice use it.
  const now = (await t.api('GET', '/settings/warehouse', admin)).json();
  const res = await t.api('PUT', '/settings/warehouse', admin, { ...now, volumetricAir: true, airDivisorIn3PerLb: 139 });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());

describe('package estimate', () => {
  it('a 2.6 lb parcel of 14x10x8 in shows 9 lb billed by volume, and the charges its invoice then carries to the cent', async () => {
    const [pkg] = await t.db
      .insert(packages)
      .values({
        courierId,
        packageNumber: `PKG-E${Date.now()}`,
        trackingNumber: `1ZEST${Date.now()}`,
        customerId: customer.id,
        status: 'ready_for_pickup',
        weightLb: 2.6,
        lengthIn: 14,
        widthIn: 10,
        heightIn: 8,
        mode: 'AIR',
        readyAt: new Date(),
      })
      .returning();
    if (!pkg) throw new Error('no package');
    const mine = await t.api('GET', `/customer/packages/${pkg.id}/estimate`, customer.token);
    expect(mine.statusCode, mine.body).toBe(200);
    const estimate = mine.json();
    // 14 x 10 x 8 = 1,120 in³ / 139 = 8.06 lb, over the actual 2.6 lb: 9 lb billed.
    expect(estimate).toMatchObject({
      invoiceNo: null,
      actualWeightLb: 2.6,
      volumetricWeightLb: 8.06,
      billableWeightLb: 9,
      weightBasis: 'volumetric',
    });
    expect(estimate.lines.find((l: { kind: string }) => l.kind === 'freight')).toMatchObject({
      description: expect.stringContaining('9 lb, volumetric weight billed'),
    });
    expect(estimate.totalCents).toBe(estimate.lines.reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0));
    // Staff see the same.
    expect((await t.api('GET', `/packages/${pkg.id}/estimate`, admin)).json()).toEqual(estimate);
    // Another courier, or another customer, sees nothing.
    expect((await t.api('GET', `/packages/${pkg.id}/estimate`, otherAdmin)).statusCode).toBe(404);
    expect((await t.api('GET', `/customer/packages/${pkg.id}/estimate`, otherCustomer)).statusCode).toBe(404);
    const neighbour = await makeCustomer(t, courierId);
    expect((await t.api('GET', `/customer/packages/${pkg.id}/estimate`, neighbour.token)).statusCode).toBe(404);

    // The invoice issued now carries exactly those lines and that total.
    const issued = await t.api('POST', '/invoices', admin, { customerId: customer.id, packageIds: [pkg.id] });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().totalCents).toBe(estimate.totalCents);
    const [inv] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, issued.json().invoiceNo)));
    const lines = await t.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, inv?.id ?? 0));
    expect(lines.map((l) => [l.kind, l.description, l.amountCents])).toEqual(
      estimate.lines.map((l: { kind: string; description: string; amountCents: number }) => [l.kind, l.description, l.amountCents]),
    );
    // Once invoiced, the estimate names the invoice instead.
    expect((await t.api('GET', `/customer/packages/${pkg.id}/estimate`, customer.token)).json()).toMatchObject({
      invoiceNo: issued.json().invoiceNo,
      lines: [],
      billableWeightLb: 9,
    });
  });
});
