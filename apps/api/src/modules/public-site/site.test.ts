import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { publicSiteSchema } from '@courier/shared/schemas/public-site';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { shippingRates } from '../../db/schema/shipping-rates';

let t: TestApp;
const OTHER_KEY = 'ck_site_other_courier';

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [other] = await t.db
    .insert(couriers)
    .values({
      name: 'Island Ship Express',
      code: 'ISE',
      apiKey: OTHER_KEY,
      phone: '(876) 555-0199',
      exchangeRate: 160,
      timeZone: 'America/New_York',
    })
    .returning();
  if (!other) throw new Error('insert failed');
  await t.db
    .insert(branches)
    .values({ courierId: other.id, name: 'Ocho Rios', address: '1 Main Street', parish: 'St. Ann', phone: '(876) 555-0100' });
  await t.db.insert(shippingRates).values({ courierId: other.id, weight: '1', costCents: 80_000 });
});
afterAll(async () => t?.close());

const site = (query = '') => t.api('GET', `/public/site${query}`);

describe('GET /api/public/site (t18-pages stand-in)', () => {
  it("serves the api key's courier: its own branches, phone and rates only", async () => {
    const res = await site(`?api_key=${OTHER_KEY}`);
    expect(res.statusCode).toBe(200);
    const body = publicSiteSchema.parse(res.json());
    expect(body.courier).toMatchObject({ name: 'Island Ship Express', phone: '(876) 555-0199', apiKey: OTHER_KEY });
    // Its tracking page says times in its own zone.
    expect(body.courier.timeZone).toBe('America/New_York');
    expect(body.branches.map((b) => b.name)).toEqual(['Ocho Rios']);
    expect(body.rates).toEqual([{ weightLbs: 1, costCents: 80_000 }]);
    expect(body.exchangeRateJmdPerUsd).toBe(160);
    expect(res.body).not.toContain('May Pen');
    expect(res.body).not.toContain('986-2040');
  });

  it('serves the default courier without a key, and 404 COURIER_NOT_FOUND for an unknown key', async () => {
    const demo = publicSiteSchema.parse((await site()).json());
    expect(demo.courier.apiKey).toBe(DEFAULT_API_KEY);
    expect(demo.resolvedBy).toBe('default');
    expect(demo.courier.timeZone).toBe('America/Jamaica');
    expect(demo.branches.map((b) => b.name)).toEqual(['Chapelton', 'May Pen']);
    const unknown = await site('?api_key=ck_nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Courier not found', code: 'COURIER_NOT_FOUND' });
  });
});
