import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourier, makeCustomer, makeUser } from './fixtures/comms';
import { type TestApp, buildTestApp } from './helper';
import { couriers } from '../src/db/schema/couriers';
import { packages } from '../src/db/schema/packages';

/**
 * "Received from / to" are the courier's calendar days, not UTC's. Two parcels each side of
 * Kingston's midnight and two each side of Tokyo's, all within one UTC day or straddling one:
 * a courier's list and the super admin's list of every courier each count a parcel on the day its
 * row shows.
 */
let t: TestApp;
let superAdmin: string;
const tokens = { jamaicaStaff: '', tokyoStaff: '' };

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = (await makeUser(t, null, 'super_admin')).token;
  const parcels = {
    // 9 PM on Nov 23 in Kingston (UTC-5) is 02:00 on Nov 24 in UTC; 1 AM on Nov 24 there is 06:00 UTC.
    'America/Jamaica': ['2026-11-24T02:00:00Z', '2026-11-24T06:00:00Z'],
    // 8 AM on Nov 24 in Tokyo (UTC+9) is 23:00 on Nov 23 in UTC; 11 PM on Nov 23 there is 14:00 UTC.
    'Asia/Tokyo': ['2026-11-23T23:00:00Z', '2026-11-23T14:00:00Z'],
  } as const;
  for (const [zone, times] of Object.entries(parcels)) {
    const code = zone === 'Asia/Tokyo' ? 'RDT' : 'RDJ';
    const courier = await makeCourier(t, code);
    await t.db.update(couriers).set({ timeZone: zone }).where(eq(couriers.id, courier.id));
    const customer = await makeCustomer(t, courier.id);
    const staff = (await makeUser(t, courier.id, 'courier_admin')).token;
    if (zone === 'Asia/Tokyo') tokens.tokyoStaff = staff;
    else tokens.jamaicaStaff = staff;
    await t.db.insert(packages).values(
      times.map((receivedAt, i) => ({
        courierId: courier.id,
        customerId: customer.id,
        packageNumber: `${code}-${i + 1}`,
        trackingNumber: `TRK-${code}-${i + 1}`,
        status: 'received' as const,
        weightLb: 1,
        receivedAt: new Date(receivedAt),
      })),
    );
  }
});
afterAll(async () => t?.close());

async function numbers(path: string, day: string, token: string): Promise<string[]> {
  const res = await t.api({ method: 'GET', path: `${path}?limit=100&receivedFrom=${day}&receivedTo=${day}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ packageNumber: string }> }).data.map((p) => p.packageNumber).sort();
}

describe('received date filters, in the courier time zone', () => {
  it("a courier's list counts a parcel on its local day", async () => {
    expect(await numbers('/api/packages', '2026-11-23', tokens.jamaicaStaff)).toEqual(['RDJ-1']);
    expect(await numbers('/api/packages', '2026-11-24', tokens.jamaicaStaff)).toEqual(['RDJ-2']);
    expect(await numbers('/api/packages', '2026-11-23', tokens.tokyoStaff)).toEqual(['RDT-2']);
    expect(await numbers('/api/packages', '2026-11-24', tokens.tokyoStaff)).toEqual(['RDT-1']);
  });

  it("the super admin's list of every courier takes each parcel's own courier's day", async () => {
    expect(await numbers('/api/packages', '2026-11-23', superAdmin)).toEqual(expect.arrayContaining(['RDJ-1', 'RDT-2']));
    const onThe23rd = await numbers('/api/packages', '2026-11-23', superAdmin);
    expect(onThe23rd).not.toContain('RDJ-2');
    expect(onThe23rd).not.toContain('RDT-1');
    const onThe24th = await numbers('/api/packages', '2026-11-24', superAdmin);
    expect(onThe24th).toEqual(expect.arrayContaining(['RDJ-2', 'RDT-1']));
    expect(onThe24th).not.toContain('RDJ-1');
    expect(onThe24th).not.toContain('RDT-2');
  });
});
