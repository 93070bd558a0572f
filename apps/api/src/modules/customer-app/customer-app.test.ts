import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAppManifestSchema } from '@courier/shared/schemas/customer-app';
import { couriers } from '../../db/schema/couriers';
import { Storage } from '../../lib/storage';
import { initialsOf } from './app-icon';
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

/** The PNG at `src`, read. */
async function iconAt(src: string) {
  const res = await t.api({ method: 'GET', path: src });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  return PNG.sync.read(res.rawPayload);
}

const pixel = (png: PNG, x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];

describe("a courier's app icon", () => {
  it('takes up to two initials of the name, skipping company words', () => {
    expect(initialsOf('Island Post', 'ISP')).toBe('IP');
    expect(initialsOf('The Mailpac Couriers Ltd', 'MPN')).toBe('M');
    expect(initialsOf('Jamaica Express Post', 'JXP')).toBe('JE');
    expect(initialsOf('  ', 'zq9')).toBe('ZQ');
  });

  it("without a logo is the courier's initials on its accent colour: a real PNG of each size, not one colour", async () => {
    const [plain] = await t.db
      .insert(couriers)
      .values({ name: 'Harbour Parcels', code: 'HBP', apiKey: 'ck_hbp_icon_2026', accentColor: '#c2410c' })
      .returning();
    if (!plain) throw new Error('no courier');
    const manifest = customerAppManifestSchema.parse((await manifestOf('HBP')).json());
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === 'any');
      if (!icon) throw new Error(`no ${size} icon`);
      const png = await iconAt(icon.src);
      expect([png.width, png.height]).toEqual([size, size]);
      // The corner is the accent colour; the letters (white on this orange) show in the middle.
      expect(pixel(png, 2, 2)).toEqual([0xc2, 0x41, 0x0c]);
      const colours = new Set<string>();
      for (let i = 0; i < png.data.length; i += 4) colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`);
      expect(colours.size).toBeGreaterThan(2);
      expect(colours.has('255,255,255')).toBe(true);
      // Nothing but the accent outside the maskable safe circle (radius 40 % around the centre).
      for (let y = 0; y < size; y += 4) {
        for (let x = 0; x < size; x += 4) {
          if (Math.hypot(x - size / 2, y - size / 2) > size * 0.4) expect(pixel(png, x, y)).toEqual([0xc2, 0x41, 0x0c]);
        }
      }
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it("one courier's manifest and icons never show another's name or logo", async () => {
    const storage = new Storage(t.config);
    const drawn = new PNG({ width: 40, height: 20 });
    for (let i = 0; i < drawn.data.length; i += 4) drawn.data.set([0x22, 0x22, 0x22, 255], i);
    const stored = await storage.save('logos', PNG.sync.write(drawn), 'png');
    const [branded] = await t.db
      .insert(couriers)
      .values({ name: 'Logo Freight', code: 'LGF', apiKey: 'ck_lgf_icon_2026', logoUrl: stored.url })
      .returning();
    if (!branded) throw new Error('no courier');
    const [mine, theirs] = await Promise.all([manifestOf('LGF'), manifestOf('HBP')]);
    const own = mine.json();
    const other = theirs.json();
    expect(own.name).toBe('Logo Freight');
    expect(other.name).toBe('Harbour Parcels');
    expect(JSON.stringify(other)).not.toContain('Logo Freight');
    expect(JSON.stringify(other)).not.toContain(stored.name);
    expect(JSON.stringify(own)).not.toContain('Harbour');
    for (const icon of other.icons) expect(icon.src).toContain('/HBP/');
    // The courier with a logo: its icons draw the logo (dark grey) on white, not initials.
    const src = own.icons.find((i: { sizes: string }) => i.sizes === '512x512').src;
    expect(src).toContain('/LGF/');
    const png = await iconAt(src);
    expect(pixel(png, 2, 2)).toEqual([255, 255, 255]);
    expect(pixel(png, 256, 256)).toEqual([0x22, 0x22, 0x22]);
    // The other's icon is still its own initials on its accent.
    const otherIcon = await iconAt(other.icons.find((i: { sizes: string }) => i.sizes === '512x512').src);
    expect(pixel(otherIcon, 2, 2)).toEqual([0xc2, 0x41, 0x0c]);
  });
});
