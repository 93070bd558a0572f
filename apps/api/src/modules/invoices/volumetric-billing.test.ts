import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';
import { asDb } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { recomputeInvoice } from './invoice-corrections.service';

/** Freight bills the greater of actual and volumetric weight, where the courier says it applies. */

let t: TestApp;
let courierA: number;
let adminA: string;
let customerA: number;
let courierB: number;
let adminB: string;
let customerB: number;
let seq = 0;

/** A 2 lb parcel in a 12 x 10 x 8 in box (960 in³: 6.91 lb at 139 in³/lb), ready to bill. */
async function boxedParcel(courierId: number, customerId: number, mode: 'AIR' | 'SEA' = 'AIR') {
  seq += 1;
  const [row] = await t.db
    .insert(packages)
    .values({
      courierId,
      packageNumber: `PKG-V${seq}`,
      trackingNumber: `1ZVOL${Date.now()}${seq}`,
      customerId,
      status: 'ready_for_pickup',
      weightLb: 2,
      lengthIn: 12,
      widthIn: 10,
      heightIn: 8,
      mode,
      readyAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

async function issue(token: string, customerId: number, packageId: number, courierId = courierA) {
  const res = await t.api('POST', '/invoices', token, { customerId, packageIds: [packageId] });
  expect(res.statusCode, res.body).toBe(201);
  const invoiceNo = res.json().invoiceNo as string;
  const [inv] = await t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)));
  if (!inv) throw new Error('no invoice');
  const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id));
  return { inv, freight: lines.find((l) => l.kind === 'freight') };
}

const settings = (token: string, body: Record<string, unknown>) => t.api('PUT', '/settings/warehouse', token, body);

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [jxp] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!jxp) throw new Error('no demo courier');
  courierA = jxp.id;
  adminA = await loginAs(t, 'courier_admin');
  customerA = (await makeCustomer(t, courierA)).id;
  const other = await makeCourier(t, `VB${Date.now().toString().slice(-5)}`);
  courierB = other.id;
  adminB = (await makeUser(t, courierB, 'courier_admin')).token;
  customerB = (await makeCustomer(t, courierB)).id;
});
afterAll(async () => t?.close());

describe('volumetric billing', () => {
  it('is off until the courier turns it on: the invoice bills the actual weight, as before', async () => {
    await settings(adminA, { heavyWeightLb: 150, requireInvoice: false, volumetricAir: false });
    const { inv, freight } = await issue(adminA, customerA, (await boxedParcel(courierA, customerA)).id);
    expect(freight?.description).toMatch(/^Freight PKG-V\d+ \(2 lb\)$/);
    expect(inv.volumetric).toEqual({ airDivisorIn3PerLb: null, seaLbPerFt3: null });
  });

  it('with AIR volumetric at 139 in³/lb, a light big box bills 7 lb and the line shows both weights', async () => {
    const saved = await settings(adminA, { heavyWeightLb: 150, requireInvoice: false, volumetricAir: true, airDivisorIn3PerLb: 139 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ volumetricAir: true, airDivisorIn3PerLb: 139, volumetricSea: false, seaLbPerFt3: 10 });
    const actualOnly = await issue(adminA, customerA, (await boxedParcel(courierA, customerA, 'SEA')).id);
    const { inv, freight } = await issue(adminA, customerA, (await boxedParcel(courierA, customerA)).id);
    expect(freight?.description).toMatch(/\(7 lb, volumetric weight billed: actual 2 lb, volumetric 6\.91 lb\)$/);
    expect(freight?.amountCents).toBeGreaterThan(actualOnly.freight?.amountCents ?? 0);
    expect(inv.volumetric).toEqual({ airDivisorIn3PerLb: 139, seaLbPerFt3: null });
    // SEA was left off: the same box by sea bills its actual weight.
    expect(actualOnly.freight?.description).toMatch(/\(2 lb\)$/);
  });

  it('SEA counts cubic feet at the courier’s pounds per cubic foot', async () => {
    await settings(adminA, { heavyWeightLb: 150, requireInvoice: false, volumetricSea: true, seaLbPerFt3: 12 });
    const { freight } = await issue(adminA, customerA, (await boxedParcel(courierA, customerA, 'SEA')).id);
    // 960 in³ = 0.5556 ft³ x 12 lb = 6.67 lb, billed as 7 lb.
    expect(freight?.description).toMatch(/\(7 lb, volumetric weight billed: actual 2 lb, volumetric 6\.67 lb\)$/);
  });

  it('an invoice issued before keeps its lines when recomputed, even after the courier turned volumetric on', async () => {
    await settings(adminA, { heavyWeightLb: 150, requireInvoice: false, volumetricAir: false });
    const before = await issue(adminA, customerA, (await boxedParcel(courierA, customerA)).id);
    // An invoice from before volumetric billing existed has no rule at all.
    await t.db.update(invoices).set({ volumetric: null }).where(eq(invoices.id, before.inv.id));
    await settings(adminA, { heavyWeightLb: 150, requireInvoice: false, volumetricAir: true });
    await recomputeInvoice(asDb(t.db), { courierId: courierA, invoice: { ...before.inv, volumetric: null }, actor: null, reason: 'test' });
    const [after] = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, before.inv.id));
    expect(after?.description).toBe(before.freight?.description);
    expect(after?.amountCents).toBe(before.freight?.amountCents);
  });

  it('another courier keeps its own settings: its same box bills the actual weight', async () => {
    const b = await t.api('GET', '/settings/warehouse', adminB);
    expect(b.json()).toMatchObject({ volumetricAir: false, airDivisorIn3PerLb: 139 });
    const { freight } = await issue(adminB, customerB, (await boxedParcel(courierB, customerB)).id, courierB);
    expect(freight?.description).toMatch(/\(2 lb\)$/);
  });

  it('refuses a divisor out of range in our words', async () => {
    const res = await settings(adminA, { heavyWeightLb: 150, requireInvoice: false, airDivisorIn3PerLb: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PACKAGE_MESSAGES.divisorRange);
  });
});
