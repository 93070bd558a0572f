import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@courier/shared/domain/datetime';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { type TestApp, buildTestApp, loginAs, seedDemoData } from '../../../test/helper';

let t: TestApp;
let staff: string;
let admin: string;
let customer: string;
let apiKey: string;
let packageId: number;
let manifestId: number;
const TRACKING = '1Z999AA10000009901';

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  staff = await loginAs(t, 'branch_manager');
  admin = await loginAs(t, 'courier_admin');
  customer = await loginAs(t, 'customer');
  const [c] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!c) throw new Error('no demo customer');
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.id, c.courierId));
  apiKey = courier?.apiKey ?? '';
  const pkg = await t.api('POST', '/packages', staff, { trackingNumber: TRACKING, weightLb: 2, mailbox: c.mailboxNumber, mode: 'AIR' });
  packageId = pkg.json().id;
  const manifest = await t.api('POST', '/manifests', staff, { type: 'AIR', flightOrVessel: 'CM 402', departureDate: '2026-12-01' });
  manifestId = manifest.json().id;
  await t.api('POST', `/manifests/${manifestId}/packages`, staff, { packageIds: [packageId] });
});
afterAll(async () => t?.close());

const ownEstimate = async () => (await t.api('GET', `/customer/packages/${packageId}`, customer)).json().estimatedArrival;
const trackedEstimate = async () => (await t.api('GET', `/public/track/${TRACKING}?api_key=${apiKey}`)).json().estimatedArrival;

describe('the estimated arrival of a package on a manifest', () => {
  it("starts from the departure plus a day by air, plus the courier's customs days (2 by default)", async () => {
    expect(await ownEstimate()).toBe('2026-12-04');
    expect(await trackedEstimate()).toBe('2026-12-04');
  });

  it('follows the scheduled arrival when the manifest gets one', async () => {
    const res = await t.api('PATCH', `/manifests/${manifestId}`, staff, { arrivalDate: '2026-12-03' });
    expect(res.statusCode).toBe(200);
    expect(await ownEstimate()).toBe('2026-12-05');
  });

  it("follows the courier's customs days, a warehouse setting of its admin", async () => {
    const before = (await t.api('GET', '/settings/warehouse', admin)).json();
    expect(before.customsDays).toBe(2);
    const saved = await t.api('PUT', '/settings/warehouse', admin, { ...before, customsDays: 5 });
    expect(saved.json().customsDays).toBe(5);
    expect(await ownEstimate()).toBe('2026-12-08');
    expect(await trackedEstimate()).toBe('2026-12-08');
    const refused = await t.api('PUT', '/settings/warehouse', admin, { ...before, customsDays: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Customs days cannot be negative');
  });

  it('keeps the customs days when an older screen saves the warehouse without them', async () => {
    const res = await t.api('PUT', '/settings/warehouse', admin, { heavyWeightLb: 150, requireInvoice: false });
    expect(res.json().customsDays).toBe(5);
  });

  it('uses the day the manifest actually arrived, once it has', async () => {
    expect((await t.api('POST', `/manifests/${manifestId}/close`, staff)).statusCode).toBe(200);
    expect((await t.api('POST', `/manifests/${manifestId}/ship`, staff, { moveDepartureToToday: true })).statusCode).toBe(200);
    expect((await t.api('POST', `/manifests/${manifestId}/arrive`, staff)).statusCode).toBe(200);
    const today = dayInZone(new Date(), 'America/Jamaica');
    // Arriving moves the manifest, not its packages: they are still in transit until scanned.
    expect((await t.api('GET', `/customer/packages/${packageId}`, customer)).json().status).toBe('in_transit');
    const expected = new Date(`${today}T00:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 5);
    expect(await ownEstimate()).toBe(expected.toISOString().slice(0, 10));
  });

  it('has none once the package is ready for pickup', async () => {
    const res = await t.api('POST', `/packages/${packageId}/status`, staff, { status: 'at_customs' });
    expect(res.statusCode).toBe(200);
    expect(await ownEstimate()).not.toBeNull();
    expect((await t.api('POST', `/packages/${packageId}/status`, staff, { status: 'ready_for_pickup' })).statusCode).toBe(200);
    expect(await ownEstimate()).toBeNull();
  });

  it('links the tracking number to the carrier on the public tracking page', async () => {
    const res = await t.api('GET', `/public/track/${TRACKING}?api_key=${apiKey}`);
    expect(res.json().carrierUrl).toBe(`https://www.ups.com/track?tracknum=${TRACKING}`);
  });
});
