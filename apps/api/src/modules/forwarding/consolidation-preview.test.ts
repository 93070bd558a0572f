import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import { makeCourier, makeCustomer, makeUser } from '../../../test/fixtures/comms';
import { type TestApp, buildTestApp, loginAs, receiveFor, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { packages } from '../../db/schema/packages';
import { shippingRates } from '../../db/schema/shipping-rates';

let t: TestApp;
let staff: string;
let admin: string;
let demoId: number;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;

const preview = (token: string, packageIds: number[]) => t.api('POST', '/customer/consolidations/preview', token, { packageIds });

/** A package received at the warehouse for the customer, with the value its invoice declares. */
async function parcelWorth(customer: Customer, weightLb: number, declaredValueUsdCents: number | null) {
  const pkg = await receiveFor(t, staff, customer.mailboxNumber, { weightLb });
  await t.db.update(packages).set({ declaredValueUsdCents }).where(eq(packages.id, pkg.id));
  return pkg;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'staff');
  admin = await loginAs(t, 'courier_admin');
  const [demo] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!demo) throw new Error('no demo courier');
  demoId = demo.id;
  // Known figures: J$160 to the dollar; freight J$500 up to 1 lb, J$1,500 up to 5 lb.
  await t.db.update(couriers).set({ exchangeRate: 160 }).where(eq(couriers.id, demoId));
  await t.db.update(shippingRates).set({ status: 'inactive' }).where(eq(shippingRates.courierId, demoId));
  await t.db.insert(shippingRates).values([
    { courierId: demoId, weight: '1', costCents: 500_00 },
    { courierId: demoId, weight: '5', costCents: 1_500_00 },
  ]);
  // The consolidation fee entry: J$750 a request, from today.
  const list = await t.api('GET', '/settings/fees', admin);
  const fee = (list.json().data as Array<{ id: number; code: string | null; name: string }>).find((f) => f.code === 'consolidation');
  if (!fee) throw new Error('no consolidation fee');
  const version = await t.api('POST', `/settings/fees/${fee.id}/versions`, admin, {
    name: fee.name,
    method: 'fixed',
    amount: 750,
    percent: 0,
    minimum: 0,
    bands: [],
    bandBasis: 'value',
    freeDays: 0,
    gctApplies: false,
    effectiveFrom: list.json().today,
    effectiveTo: null,
  });
  expect(version.statusCode, version.body).toBe(201);
});
afterAll(async () => t?.close());

describe('consolidation preview', () => {
  it('four parcels of US$90 owe no customs separately, and the whole entry together', async () => {
    const customer = await makeCustomer(t, demoId);
    const pkgs = [];
    for (let i = 0; i < 4; i++) pkgs.push(await parcelWorth(customer, 1, 90_00));

    const res = await preview(
      customer.token,
      pkgs.map((p) => p.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Separately: US$90 each is within the US$100 de minimis.
    expect(body.separately.customsCents).toBe(0);
    expect(body.separately.parcels).toHaveLength(4);
    expect(body.separately.parcels.every((p: { deMinimis: boolean }) => p.deMinimis)).toBe(true);
    // Together: FOB US$360 x 160 = J$57,600; freight on 4 lb J$1,500; CIF J$59,100.
    // Duty 20% 11,820.00; SCF 0.3% 177.30; levy 0.5% 295.50;
    // GCT 15% of (59,100 + 11,820 + 177.30 + 295.50 = 71,392.80) = 10,708.92; CAF 2,500.00; stamp duty 100.00.
    const together = 11_820_00 + 177_30 + 295_50 + 10_708_92 + 2_500_00 + 100_00;
    expect(together).toBe(25_601_72);
    expect(body.together).toEqual({ declaredValueUsdCents: 360_00, weightLb: 4, customsCents: together, deMinimis: false });
    expect(body.feeCents).toBe(750_00);
    expect(body.differenceCents).toBe(together + 750_00);
    expect(body.deMinimisUsdCents).toBe(100_00);
    expect(body.crossesDeMinimis).toBe(true);
    expect(body.missingValue).toEqual([]);
  });

  it('parcels already over the de minimis do not cross it, and a package without a value is named', async () => {
    const customer = await makeCustomer(t, demoId);
    const a = await parcelWorth(customer, 1, 150_00);
    const b = await parcelWorth(customer, 1, null);
    const body = (await preview(customer.token, [a.id, b.id])).json();
    expect(body.separately.customsCents).toBeGreaterThan(0);
    expect(body.crossesDeMinimis).toBe(false);
    expect(body.missingValue).toEqual([b.packageNumber]);
  });

  it("another customer's or another courier's packages are not found; staff cannot preview", async () => {
    const owner = await makeCustomer(t, demoId);
    const mine = [await parcelWorth(owner, 1, 90_00), await parcelWorth(owner, 1, 90_00)];
    const neighbour = await makeCustomer(t, demoId);
    const theirs = await parcelWorth(neighbour, 1, 90_00);

    const other = await preview(
      neighbour.token,
      mine.map((p) => p.id),
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SERVICE_MESSAGES.packagesNotFound);
    const mixed = await preview(owner.token, [mine[0]?.id ?? 0, theirs.id]);
    expect(mixed.statusCode).toBe(404);

    const otherCourier = await makeCourier(t, 'PRV');
    await makeUser(t, otherCourier.id, 'courier_admin');
    const stranger = await makeCustomer(t, otherCourier.id);
    const across = await preview(
      stranger.token,
      mine.map((p) => p.id),
    );
    expect(across.statusCode).toBe(404);
    expect(across.body).not.toContain('customsCents');

    expect(
      (
        await preview(
          staff,
          mine.map((p) => p.id),
        )
      ).statusCode,
    ).toBe(403);
    const one = await preview(owner.token, [mine[0]?.id ?? 0]);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(SERVICE_MESSAGES.needsTwoToRepack);
  });
});
