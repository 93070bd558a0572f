import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAppManifestSchema } from '@courier/shared/schemas/customer-app';
import { couriers } from '../../db/schema/couriers';
import { shortName } from './customer-app.service';
import { courierDomains } from '../../db/schema/public-site';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';

let t: TestApp;
let courier: typeof couriers.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [first] = await t.db.select().from(couriers).orderBy(couriers.id).limit(1);
  if (!first) throw new Error('no courier');
  courier = first;
});
afterAll(async () => t?.close());

const manifestOf = (code: string, host = 'localhost') =>
  t.api({ method: 'GET', url: `/public/customer-app/${code}/manifest.webmanifest`, headers: { host } });

describe('shortName', () => {
  it('keeps a short name, drops the company words of a long one, else takes the code, never the first word', () => {
    expect(shortName('Island Post', 'ISP')).toBe('Island Post');
    expect(shortName('Mailpac Couriers Ltd', 'MPN')).toBe('Mailpac');
    expect(shortName('Jamaica Express Post', 'JXP')).toBe('JXP');
  });
});

describe("a courier's customer app manifest", () => {
  it("names the courier's app, opens on the customer dashboard and controls the customer portal only", async () => {
    const res = await manifestOf(courier.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = customerAppManifestSchema.parse(res.json());
    expect(manifest.name).toBe(courier.name);
    expect(manifest.short_name).toBe(shortName(courier.name, courier.code));
    expect(manifest.short_name).not.toBe('Jamaica');
    expect(manifest.scope).toBe('/customer/');
    expect(manifest.display).toBe('standalone');
    // On our own address the start page carries the courier's key, so a signed-out start is branded.
    expect(manifest.start_url).toBe(`/customer/dashboard?api_key=${encodeURIComponent(courier.apiKey)}`);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it("starts on the courier's own domain without a key when installed from there", async () => {
    await t.db.insert(courierDomains).values({ courierId: courier.id, hostname: 'app.courier-own.test', status: 'approved' } as never);
    const manifest = (await manifestOf(courier.code, 'app.courier-own.test')).json();
    expect(manifest.start_url).toBe('/customer/dashboard');
  });

  it('serves its icons as PNG images of the stated size', async () => {
    const manifest = (await manifestOf(courier.code)).json();
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
      const res = await t.api({ method: 'GET', path: icon.src });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(res.rawPayload);
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
    }
  });

  it('has no app for an unknown or suspended courier, and refuses a malformed code in our words', async () => {
    expect((await manifestOf('NOPE')).statusCode).toBe(404);
    const bad = await manifestOf('a%20b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('That is not a courier code');
    await t.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.id, courier.id));
    expect((await manifestOf(courier.code)).statusCode).toBe(404);
    await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, courier.id));
  });
});
