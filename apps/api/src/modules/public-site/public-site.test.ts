import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { DEFAULT_PUBLIC_CONTENT, DEMO_PUBLIC_STATS } from '@courier/shared/constants/public-site';
import { publicSiteSchema } from '@courier/shared/schemas/public-site';
import { type TestApp, buildTestApp, seedDemoData, loginAs, tokenFor } from '../../../test/helper';
import { loadConfig } from '../../config';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { courierPublicContent } from '../../db/schema/public-site';
import { roles } from '../../db/schema/roles';
import { shippingRates } from '../../db/schema/shipping-rates';
import { users } from '../../db/schema/users';
import { subjectOf } from '../../lib/tokens';
import { resolveTenant } from './tenant';

const ISE_KEY = 'ck_island_ship_express';
const ISE_HOST = 'portal.islandship.test';
let t: TestApp;
let webDist: string;
let jxpId: number;
let iseId: number;
const tokens: Record<'super' | 'jxpAdmin' | 'iseAdmin' | 'staff' | 'noSettings' | 'customer', string> = {
  super: '',
  jxpAdmin: '',
  iseAdmin: '',
  staff: '',
  noSettings: '',
  customer: '',
};

beforeAll(async () => {
  // A stand-in web build, so the HTML answers (and their CSP) can be checked.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'courier-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await buildTestApp({ WEB_DIST: webDist }, { serveWeb: true });
  await seedDemoData(t);
  const [jxp] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  if (!jxp) throw new Error('demo courier missing');
  jxpId = jxp.id;
  const [ise] = await t.db
    .insert(couriers)
    .values({
      name: 'Island Ship Express',
      code: 'ISE',
      apiKey: ISE_KEY,
      phone: '(876) 555-0199',
      email: 'hi@islandship.test',
      exchangeRate: 160,
    })
    .returning();
  if (!ise) throw new Error('insert failed');
  iseId = ise.id;
  await t.db.insert(branches).values([
    { courierId: ise.id, name: 'Ocho Rios', address: '1 Main Street', parish: 'St. Ann', phone: '(876) 555-0100' },
    { courierId: ise.id, name: 'Closed Depot', active: false },
  ]);
  await t.db.insert(shippingRates).values([
    { courierId: ise.id, weight: '2', costCents: 90_000 },
    { courierId: ise.id, weight: '1', costCents: 80_000 },
    { courierId: ise.id, weight: '3', costCents: 99_000, status: 'inactive' },
  ]);
  await t.db.insert(users).values({
    courierId: ise.id,
    role: 'courier_admin',
    firstName: 'Ivy',
    lastName: 'Island',
    email: 'admin@islandship.test',
    passwordHash: 'x',
  });
  const [limited] = await t.db
    .insert(roles)
    .values({ courierId: jxpId, name: 'No settings', permissions: ['dashboard_view'] })
    .returning();
  await t.db.insert(users).values({
    courierId: jxpId,
    role: 'staff',
    roleId: limited?.id,
    firstName: 'Nora',
    lastName: 'Nosettings',
    email: 'nosettings@jamaicaexpress.test',
    passwordHash: 'x',
  });
  tokens.super = await loginAs(t, 'super_admin');
  tokens.jxpAdmin = await loginAs(t, 'courier_admin');
  tokens.iseAdmin = await tokenFor(t, 'admin@islandship.test');
  tokens.staff = await loginAs(t, 'staff');
  tokens.noSettings = await tokenFor(t, 'nosettings@jamaicaexpress.test');
  tokens.customer = (
    await t.ctx.tokens.sign({ sub: subjectOf('customer', 1), role: 'customer', type: 'access', courierId: jxpId }, 3600)
  ).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const site = async (query = '', headers: Record<string, string> = {}) => {
  const res = await t.api({ method: 'GET', url: `/public/site${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return publicSiteSchema.parse(res.json());
};

const ISE_CONTENT = {
  tagline: 'Ocho Rios, every Tuesday',
  heroTitle: 'Island Ship brings it home',
  heroText: 'Shop in Miami, collect in St. Ann.',
  hours: [{ days: 'Monday - Saturday', time: '8:00 AM - 5:00 PM' }],
  socialLinks: [{ label: 'Instagram', url: 'https://instagram.com/islandship' }],
  faq: [{ question: 'Where are you?', answer: 'Ocho Rios.' }],
  stats: [{ value: '1,200+', label: 'parcels a month' }],
};
/** The demo courier's content as seeded: the defaults and its own marketing figures. */
const DEMO_CONTENT = { ...DEFAULT_PUBLIC_CONTENT, stats: DEMO_PUBLIC_STATS };

describe('GET /api/public/site', () => {
  it("serves the api key's courier only: its branches (active, by name), phone, rates (active, ascending) and exchange rate", async () => {
    const body = await site(`?api_key=${ISE_KEY}`);
    expect(body.resolvedBy).toBe('api_key');
    expect(body.courier).toMatchObject({ name: 'Island Ship Express', code: 'ISE', apiKey: ISE_KEY, phone: '(876) 555-0199' });
    expect(body.courier.logoUrl).toBe('/default-logo.svg');
    expect(body.branches.map((b) => b.name)).toEqual(['Ocho Rios']);
    expect(body.rates).toEqual([
      { weightLbs: 1, costCents: 80_000 },
      { weightLbs: 2, costCents: 90_000 },
    ]);
    expect(body.exchangeRateJmdPerUsd).toBe(160);
    expect(body.additionalPoundCents).toBe(35_000);
    expect(body.tiers.map((tier) => tier.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum']);
    expect(body.shopForMeFeePercent).toBe(10);
    const raw = JSON.stringify(body);
    for (const leak of ['May Pen', 'Chapelton', '986-2040', 'jamaicaexpress']) expect(raw).not.toContain(leak);
  });

  it('answers 404 COURIER_NOT_FOUND for an unknown or suspended api key, never another courier', async () => {
    const unknown = await t.api('GET', '/public/site?api_key=ck_nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Courier not found', code: 'COURIER_NOT_FOUND' });
    const header = await t.api({ method: 'GET', url: '/public/site', headers: { 'x-api-key': 'ck_nobody' } });
    expect(header.json()).toMatchObject({ code: 'COURIER_NOT_FOUND' });
  });

  it('serves content per courier: what a courier saved shows on its site only, the other keeps the defaults', async () => {
    const saved = await t.api('PUT', '/settings/public-content', tokens.iseAdmin, ISE_CONTENT);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(ISE_CONTENT);
    expect((await site(`?api_key=${ISE_KEY}`)).content).toEqual(ISE_CONTENT);
    const demo = await site(`?api_key=${DEFAULT_API_KEY}`);
    expect(demo.content).toEqual(DEMO_CONTENT);
    expect(JSON.stringify(demo)).not.toContain('Island Ship');
    // Emptied fields fall back to the defaults on the public site.
    await t.api('PUT', '/settings/public-content', tokens.iseAdmin, { ...ISE_CONTENT, tagline: '  ', hours: [] });
    const after = await site(`?api_key=${ISE_KEY}`);
    expect(after.content.tagline).toBeNull();
    expect(after.content.hours).toEqual(DEFAULT_PUBLIC_CONTENT.hours);
    await t.api('PUT', '/settings/public-content', tokens.iseAdmin, ISE_CONTENT);
  });

  it("shows a courier's own figures only: a new courier claims none, the demo courier its seeded ones", async () => {
    const [fresh] = await t.db.insert(couriers).values({ name: 'Fresh Freight', code: 'FRF', apiKey: 'ck_fresh_freight' }).returning();
    if (!fresh) throw new Error('insert failed');
    expect((await site('?api_key=ck_fresh_freight')).content.stats).toEqual([]);
    expect((await site(`?api_key=${DEFAULT_API_KEY}`)).content.stats).toEqual([
      { value: '5,000+', label: 'customers' },
      { value: '100,000+', label: 'packages forwarded' },
      { value: '150+', label: 'countries served' },
    ]);
    // Figures are edited like the other texts, checked, and emptied away.
    const tooMany = Array.from({ length: 7 }, (_, i) => ({ value: String(i), label: 'things' }));
    const refused = await t.api('PUT', '/settings/public-content', tokens.iseAdmin, { ...ISE_CONTENT, stats: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('At most 6 figures');
    const blank = await t.api('PUT', '/settings/public-content', tokens.iseAdmin, { ...ISE_CONTENT, stats: [{ value: ' ', label: 'x' }] });
    expect(blank.json().message).toBe('Enter the figure');
    await t.api('PUT', '/settings/public-content', tokens.iseAdmin, { ...ISE_CONTENT, stats: [] });
    expect((await site(`?api_key=${ISE_KEY}`)).content.stats).toEqual([]);
    await t.api('PUT', '/settings/public-content', tokens.iseAdmin, ISE_CONTENT);
  });

  it('keeps content saved before figures existed, and gives a demo database seeded before them the demo figures', async () => {
    const { tagline, heroTitle, heroText, hours, socialLinks, faq } = ISE_CONTENT;
    const old = { tagline, heroTitle, heroText, hours, socialLinks, faq } as unknown as typeof ISE_CONTENT;
    await t.db.update(courierPublicContent).set({ content: old }).where(eq(courierPublicContent.courierId, iseId));
    await t.db.update(courierPublicContent).set({ content: old }).where(eq(courierPublicContent.courierId, jxpId));
    expect((await site(`?api_key=${ISE_KEY}`)).content).toEqual({ ...ISE_CONTENT, stats: [] });
    const migration = readFileSync(new URL('../../db/migrations/0026_demo_public_figures.sql', import.meta.url), 'utf8');
    await t.db.execute(sql.raw(migration));
    expect((await site(`?api_key=${DEFAULT_API_KEY}`)).content).toEqual({ ...ISE_CONTENT, stats: DEMO_PUBLIC_STATS });
    // Only the demo courier's: another courier's content is left as it was.
    expect((await site(`?api_key=${ISE_KEY}`)).content.stats).toEqual([]);
    await t.api('PUT', '/settings/public-content', tokens.iseAdmin, ISE_CONTENT);
    await t.api('PUT', '/settings/public-content', tokens.jxpAdmin, DEMO_CONTENT);
  });
});

describe('the tenant by host name', () => {
  let domainId: number;

  it('a pending host name does not resolve: the visitor gets the default courier', async () => {
    const res = await t.api('POST', '/settings/domains', tokens.iseAdmin, { hostname: ' Portal.IslandShip.test. ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ hostname: ISE_HOST, status: 'pending', courierCode: 'ISE' });
    domainId = res.json().id;
    const body = await site('', { host: ISE_HOST });
    expect(body).toMatchObject({ resolvedBy: 'default', courier: { code: 'JXP' } });
  });

  it('an approved host name resolves its courier; an api key wins over the host', async () => {
    const approved = await t.api('POST', `/platform/domains/${domainId}/approve`, tokens.super);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    const byHost = await site('', { host: `${ISE_HOST}:8080` });
    expect(byHost).toMatchObject({ resolvedBy: 'host', courier: { code: 'ISE' } });
    expect(byHost.branches.map((b) => b.name)).toEqual(['Ocho Rios']);
    // Two couriers, two host names, one app.
    expect(await site('', { host: 'localhost' })).toMatchObject({ resolvedBy: 'default', courier: { code: 'JXP' } });
    const byKey = await site(`?api_key=${DEFAULT_API_KEY}`, { host: ISE_HOST });
    expect(byKey).toMatchObject({ resolvedBy: 'api_key', courier: { code: 'JXP' } });
  });

  it('a rejected host name stops resolving', async () => {
    expect((await t.api('POST', `/platform/domains/${domainId}/reject`, tokens.super)).json()).toMatchObject({ status: 'rejected' });
    expect(await site('', { host: ISE_HOST })).toMatchObject({ resolvedBy: 'default', courier: { code: 'JXP' } });
    await t.api('POST', `/platform/domains/${domainId}/approve`, tokens.super);
  });

  it('a host name of a suspended courier answers 404 rather than showing another brand', async () => {
    await t.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.id, iseId));
    try {
      const res = await t.api({ method: 'GET', url: '/public/site', headers: { host: ISE_HOST } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'COURIER_NOT_FOUND' });
    } finally {
      await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, iseId));
    }
  });

  it('validates host names and keeps each unique across couriers', async () => {
    for (const hostname of ['localhost', '10.0.0.1', 'portal.example.com/path', 'bad_name.example.com', '-x.example.com', 'a..b.com']) {
      const res = await t.api('POST', '/settings/domains', tokens.iseAdmin, { hostname });
      expect(res.statusCode, hostname).toBe(400);
    }
    const taken = await t.api('POST', '/settings/domains', tokens.jxpAdmin, { hostname: ISE_HOST.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This host name is already registered');
  });

  it('lists host names per courier for the courier, and all of them for the super admin', async () => {
    const own = await t.api('GET', '/settings/domains', tokens.iseAdmin);
    expect(own.json().map((d: { hostname: string }) => d.hostname)).toEqual([ISE_HOST]);
    expect((await t.api('GET', '/settings/domains', tokens.jxpAdmin)).json()).toEqual([]);
    const all = await t.api('GET', '/platform/domains', tokens.super);
    expect(all.json().map((d: { hostname: string }) => d.hostname)).toContain(ISE_HOST);
  });
});

describe('the default courier', () => {
  it('is the first active courier with no setting and no environment, then DEFAULT_COURIER_CODE, then the setting', async () => {
    expect(await site()).toMatchObject({ resolvedBy: 'default', courier: { code: 'JXP' } });
    const fromEnv = { db: t.db, config: { ...t.config, DEFAULT_COURIER_CODE: 'ISE' } };
    expect((await resolveTenant(fromEnv, { hostname: null }))?.courier.code).toBe('ISE');
    // A code that names no active courier is passed over.
    expect(
      (await resolveTenant({ db: t.db, config: { ...t.config, DEFAULT_COURIER_CODE: 'NOPE' } }, { hostname: null }))?.courier.code,
    ).toBe('JXP');

    const before = await t.api('GET', '/platform/default-courier', tokens.super);
    expect(before.json()).toEqual({ courierCode: null, environmentCourierCode: null, effectiveCourierCode: 'JXP' });
    const set = await t.api('PUT', '/platform/default-courier', tokens.super, { courierCode: 'ise' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ courierCode: 'ISE', effectiveCourierCode: 'ISE' });
    expect(await site()).toMatchObject({ resolvedBy: 'default', courier: { code: 'ISE' } });
    // The setting wins over the environment.
    const both = { db: t.db, config: { ...t.config, DEFAULT_COURIER_CODE: 'JXP' } };
    expect((await resolveTenant(both, { hostname: null }))?.courier.code).toBe('ISE');

    expect((await t.api('PUT', '/platform/default-courier', tokens.super, { courierCode: 'ZZZ' })).statusCode).toBe(404);
    expect((await t.api('PUT', '/platform/default-courier', tokens.super, { courierCode: null })).json()).toMatchObject({
      courierCode: null,
      effectiveCourierCode: 'JXP',
    });
  });

  it('reads DEFAULT_COURIER_CODE from the environment (upper-cased, a code or nothing)', () => {
    expect(loadConfig({ DEFAULT_COURIER_CODE: 'ise' }).DEFAULT_COURIER_CODE).toBe('ISE');
    expect(loadConfig({ DEFAULT_COURIER_CODE: '' }).DEFAULT_COURIER_CODE).toBeUndefined();
    expect(() => loadConfig({ DEFAULT_COURIER_CODE: 'not a code' })).toThrow(/DEFAULT_COURIER_CODE/);
  });

  it('answers NO_COURIER when no courier is active at all', async () => {
    await t.db.update(couriers).set({ status: 'suspended' });
    try {
      const res = await t.api('GET', '/public/site');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NO_COURIER' });
    } finally {
      await t.db.update(couriers).set({ status: 'active' });
    }
  });
});

describe('embedding: frame-ancestors per courier', () => {
  const page = (url: string, headers: Record<string, string> = {}) => t.api({ method: 'GET', path: url, headers });
  const ancestors = (res: { headers: Record<string, unknown> }) =>
    /frame-ancestors ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];

  it('keeps only https origins without a path (http only on localhost), at most 10', async () => {
    for (const origin of [
      'http://shop.example.com',
      'http://localhost.example.com',
      'https://shop.example.com/path',
      'https://*.example.com',
      'javascript:alert(1)',
    ]) {
      const res = await t.api('PUT', '/settings/embed', tokens.iseAdmin, { allowedOrigins: [origin] });
      expect(res.statusCode, origin).toBe(400);
    }
    const many = Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`);
    expect((await t.api('PUT', '/settings/embed', tokens.iseAdmin, { allowedOrigins: many })).statusCode).toBe(400);
    const res = await t.api('PUT', '/settings/embed', tokens.iseAdmin, {
      allowedOrigins: ['https://WWW.IslandShip.test/', 'https://www.islandship.test'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ allowedOrigins: ['https://www.islandship.test'], apiKey: ISE_KEY });
    const local = await t.api('PUT', '/settings/embed', tokens.iseAdmin, {
      allowedOrigins: ['http://localhost:8080', 'http://127.0.0.1:5500/'],
    });
    expect(local.json().allowedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:5500']);
    await t.api('PUT', '/settings/embed', tokens.iseAdmin, { allowedOrigins: ['https://www.islandship.test'] });
  });

  it("gives the sign-in and portal HTML of the courier's tenant its origins, and everything else 'none'", async () => {
    const login = await page(`/login?api_key=${ISE_KEY}`);
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(ancestors(login)).toBe("'self' https://www.islandship.test");
    expect(login.headers['x-frame-options']).toBeUndefined();
    expect(ancestors(await page('/customer/dashboard', { host: ISE_HOST }))).toBe("'self' https://www.islandship.test");
    expect(ancestors(await page('/register', { host: ISE_HOST }))).toBe("'self' https://www.islandship.test");

    // Another courier's tenant, other pages, the API: never framed.
    expect(ancestors(await page(`/login?api_key=${DEFAULT_API_KEY}`))).toBe("'none'");
    expect(ancestors(await page('/login'))).toBe("'none'");
    expect(ancestors(await page(`/admin/login?api_key=${ISE_KEY}`))).toBe("'none'");
    expect(ancestors(await page('/', { host: ISE_HOST }))).toBe("'none'");
    expect(ancestors(await page(`/api/public/site?api_key=${ISE_KEY}`))).toBe("'none'");
    expect((await page(`/admin/login?api_key=${ISE_KEY}`)).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives a revalidated portal page (304) the same origins, so a framed portal reloads', async () => {
    const first = await page('/customer/dashboard', { host: ISE_HOST });
    const etag = String(first.headers.etag);
    const again = await page('/customer/dashboard', { host: ISE_HOST, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(ancestors(again)).toBe("'self' https://www.islandship.test");
    expect(again.headers['x-frame-options']).toBeUndefined();
    expect(ancestors(await page('/admin/dashboard', { host: ISE_HOST, 'if-none-match': etag }))).toBe("'none'");
  });
});

describe('access to the public-site settings', () => {
  it('asks for settings_view / settings_edit, and refuses customers and the signed-out', async () => {
    expect((await t.api('GET', '/settings/public-content')).statusCode).toBe(401);
    expect((await t.api('GET', '/settings/public-content', tokens.customer)).statusCode).toBe(403);
    expect((await t.api('GET', '/settings/public-content', tokens.noSettings)).statusCode).toBe(403);
    expect((await t.api('PUT', '/settings/public-content', tokens.staff, ISE_CONTENT)).statusCode).toBe(403);
    expect((await t.api('POST', '/settings/domains', tokens.staff, { hostname: 'x.example.com' })).statusCode).toBe(403);
    expect((await t.api('PUT', '/settings/embed', tokens.staff, { allowedOrigins: [] })).statusCode).toBe(403);
    for (const url of ['/api/platform/domains', '/api/platform/default-courier']) {
      expect((await t.api('GET', url, tokens.jxpAdmin)).statusCode).toBe(403);
    }
    expect((await t.api('POST', '/platform/domains/1/approve', tokens.iseAdmin)).statusCode).toBe(403);
  });

  it("keeps each courier admin to its own content, domains and embedding (another courier's id reads and writes its own)", async () => {
    // Naming the other courier changes nothing: a courier admin always works on its own.
    const read = await t.api('GET', `/settings/public-content?courierId=${iseId}`, tokens.jxpAdmin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(DEMO_CONTENT);
    const write = await t.api('PUT', `/settings/public-content?courierId=${iseId}`, tokens.jxpAdmin, {
      ...ISE_CONTENT,
      tagline: 'Hijacked',
    });
    expect(write.statusCode).toBe(200);
    expect((await site(`?api_key=${ISE_KEY}`)).content.tagline).toBe(ISE_CONTENT.tagline);
    expect((await site(`?api_key=${DEFAULT_API_KEY}`)).content.tagline).toBe('Hijacked');
    expect((await t.api('GET', `/settings/embed?courierId=${iseId}`, tokens.jxpAdmin)).json()).toEqual({
      allowedOrigins: [],
      apiKey: DEFAULT_API_KEY,
    });
    const [iseDomain] = (await t.api('GET', '/settings/domains', tokens.iseAdmin)).json();
    const del = await t.api('DELETE', `/settings/domains/${iseDomain.id}`, tokens.jxpAdmin);
    expect(del.statusCode).toBe(404);
    expect((await t.api('GET', '/settings/domains', tokens.iseAdmin)).json()).toHaveLength(1);
    await t.api('PUT', '/settings/public-content', tokens.jxpAdmin, DEMO_CONTENT);
  });

  it('lets the super admin work on a named courier, and a courier remove its own host name', async () => {
    expect((await t.api('GET', '/settings/public-content', tokens.super)).statusCode).toBe(400);
    const read = await t.api('GET', `/settings/public-content?courierId=${iseId}`, tokens.super);
    expect(read.json()).toEqual(ISE_CONTENT);
    const [iseDomain] = (await t.api('GET', `/settings/domains?courierId=${iseId}`, tokens.super)).json();
    expect((await t.api('DELETE', `/settings/domains/${iseDomain.id}`, tokens.iseAdmin)).statusCode).toBe(200);
    expect((await t.api('GET', '/settings/domains', tokens.iseAdmin)).json()).toEqual([]);
    expect(await site('', { host: ISE_HOST })).toMatchObject({ resolvedBy: 'default' });
  });

  it('refuses unknown fields in the content', async () => {
    const res = await t.api('PUT', '/settings/public-content', tokens.iseAdmin, { ...ISE_CONTENT, phone: '123' });
    expect(res.statusCode).toBe(400);
  });
});
