import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { PUBLIC_TRACK_MESSAGES } from '@courier/shared/schemas/public-track';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';

let t: TestApp;
const OTHER_KEY = 'ck_track_other_courier';
const OTHER_TRACKING = 'ISLANDONLY123456';
let ip = 0;

function track(number: string, apiKey?: string, remoteAddress = `10.9.0.${++ip}`) {
  const query = apiKey ? `?api_key=${encodeURIComponent(apiKey)}` : '';
  return t.api({ method: 'GET', url: `/public/track/${encodeURIComponent(number)}${query}`, remoteAddress });
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [other] = await t.db.insert(couriers).values({ name: 'Island Ship Express', code: 'ISE', apiKey: OTHER_KEY }).returning();
  if (!other) throw new Error('insert failed');
  const [pkg] = await t.db
    .insert(packages)
    .values({ courierId: other.id, packageNumber: 'PKG-000001', trackingNumber: OTHER_TRACKING, status: 'received', weightLb: 3 })
    .returning();
  if (!pkg) throw new Error('insert failed');
  await t.db.insert(packageEvents).values({ courierId: other.id, packageId: pkg.id, status: 'received' });
});
afterAll(async () => t?.close());

describe('GET /api/public/track/:number', () => {
  it('finds a demo package by tracking number: its status and timeline, oldest first', async () => {
    const res = await track('1Z84A2W60398765432', DEFAULT_API_KEY);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ number: '1Z84A2W60398765432', status: 'ready_for_pickup', statusLabel: 'Ready for Pickup' });
    expect(body.timeline.map((e: { label: string }) => e.label)).toEqual(['Received', 'In Transit', 'At Customs', 'Ready for Pickup']);
    const times = body.timeline.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('finds it by package number too, typed in lower case, and by a tracking number typed with spaces', async () => {
    const [demo] = await t.db.select().from(couriers).where(eq(couriers.apiKey, DEFAULT_API_KEY));
    const [pkg] = await t.db
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, demo?.id ?? 0), eq(packages.trackingNumber, '1Z84A2W60398765432')));
    const byNumber = await track(pkg?.packageNumber.toLowerCase() ?? 'x', DEFAULT_API_KEY);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().status).toBe('ready_for_pickup');
    expect((await track('1z84 a2w6 0398 765432', DEFAULT_API_KEY)).json().status).toBe('ready_for_pickup');
  });

  it('without an api key uses the default courier', async () => {
    expect((await track('1Z84A2W60398765432')).statusCode).toBe(200);
  });

  it('answers 404 with a plain message for a number that names no package', async () => {
    const res = await track('NOSUCHPACKAGE999', DEFAULT_API_KEY);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PUBLIC_TRACK_MESSAGES.notFound);
  });

  it("does not find another courier's package, and each courier finds its own", async () => {
    const fromDemo = await track(OTHER_TRACKING, DEFAULT_API_KEY);
    expect(fromDemo.statusCode).toBe(404);
    expect(fromDemo.json().message).toBe(PUBLIC_TRACK_MESSAGES.notFound);
    expect((await track(OTHER_TRACKING)).statusCode).toBe(404);
    expect((await track('1Z84A2W60398765432', OTHER_KEY)).statusCode).toBe(404);
    expect((await track(OTHER_TRACKING, OTHER_KEY)).statusCode).toBe(200);
  });

  it('an unknown api key finds nothing (it never falls back to another courier)', async () => {
    expect((await track('1Z84A2W60398765432', 'ck_nobody')).statusCode).toBe(404);
  });

  it('carries no personal data: no name, address, weight, value or amounts', async () => {
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
    const res = await track('1Z84A2W60398765432', DEFAULT_API_KEY);
    // Without its times: a time such as 13:05:12.534Z holds "12.5", the weight looked for below.
    const text = res.body.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '');
    expect(Object.keys(res.json()).sort()).toEqual(['carrierUrl', 'estimatedArrival', 'number', 'status', 'statusLabel', 'timeline']);
    for (const event of res.json().timeline) expect(Object.keys(event).sort()).toEqual(['at', 'label', 'status']);
    for (const secret of [customer?.firstName, customer?.lastName, customer?.email, customer?.address, 'Best Buy', 'Monitor', '12.5']) {
      expect(secret && text.includes(secret)).toBeFalsy();
    }
    expect(text).not.toMatch(/weight|cents|customer|address|branch|note|merchant|description/i);
  });

  it('refuses an empty or overlong number with a plain message', async () => {
    const res = await track('ab', DEFAULT_API_KEY);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a tracking or package number');
    // Past Fastify's 100-character parameter limit the router answers 414 before the schema.
    expect([400, 414]).toContain((await track('x'.repeat(101), DEFAULT_API_KEY)).statusCode);
  });

  it("asked by package number, it gives status and timeline but never the carrier's tracking number", async () => {
    const [pkg] = await t.db.select().from(packages).where(eq(packages.trackingNumber, '1Z84A2W60398765432'));
    const byNumber = await track(pkg?.packageNumber ?? 'x', DEFAULT_API_KEY);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json().carrierUrl ?? null).toBeNull();
    expect(byNumber.body).not.toContain('1Z84A2W60398765432');
    // Whoever typed the tracking number still gets the carrier's page.
    expect((await track('1Z84A2W60398765432', DEFAULT_API_KEY)).json().carrierUrl).toContain('1Z84A2W60398765432');
  });

  it('walking package numbers stops after 10 per 10 minutes from one IP; tracking numbers keep their own budget', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 12; i += 1) codes.push((await track(`PKG-${String(900_000 + i)}`, DEFAULT_API_KEY, '10.98.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    expect((await track('NOSUCHPACKAGE999', DEFAULT_API_KEY, '10.98.0.1')).statusCode).toBe(404);
  });

  it('is rate limited per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i += 1) codes.push((await track('NOSUCHPACKAGE999', DEFAULT_API_KEY, '10.99.0.1')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
