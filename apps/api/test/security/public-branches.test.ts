import { eq } from 'drizzle-orm';
import { API_MESSAGES } from '@courier/shared/messages';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couriers } from '../../src/db/schema/couriers';
import { type TestApp, buildTestApp, seedDemoData } from '../helper';

/**
 * The public branch list takes the sequential courier id, so anyone could
 * walk every tenant. Only an active courier answers (suspended and unknown alike: 404 in our
 * words), and the list is limited per IP like the sign-in routes.
 */

const LIMIT = 6;
let t: TestApp;
let active: number;
let suspended: number;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: String(LIMIT) });
  await seedDemoData(t);
  const [demo] = await t.db.select({ id: couriers.id }).from(couriers);
  active = demo?.id ?? 0;
  const [other] = await t.db
    .insert(couriers)
    .values({ name: 'Dormant Parcels', code: 'DRM', email: 'hello@dormant.test', apiKey: 'dormant-key', status: 'suspended' })
    .returning({ id: couriers.id });
  suspended = other?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

const branchesOf = (courierId: number, ip = '203.0.113.7') =>
  t.api({ method: 'GET', url: `/branches/public/${courierId}`, remoteAddress: ip });

describe('GET /api/branches/public/:courierId', () => {
  it("lists an active courier's branches", async () => {
    const res = await branchesOf(active, '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });

  it('answers a suspended courier as it answers an unknown one: 404 Courier not found', async () => {
    const res = await branchesOf(suspended, '198.51.100.2');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(AUTH_API_MESSAGES.courierNotFound);
    const unknown = await branchesOf(suspended + 1000, '198.51.100.2');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(AUTH_API_MESSAGES.courierNotFound);
  });

  it('limits one IP walking the ids, with our message', async () => {
    const answers: number[] = [];
    for (let id = 1; id <= LIMIT + 2; id++) answers.push((await branchesOf(id)).statusCode);
    expect(answers.slice(0, LIMIT).every((s) => s === 200 || s === 404)).toBe(true);
    const over = await branchesOf(active);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(API_MESSAGES.tooManyRequests);
    // Another IP is not held back.
    expect((await branchesOf(active, '198.51.100.3')).statusCode).toBe(200);
  });

  it('keeps answering once the courier is active again', async () => {
    await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, suspended));
    expect((await branchesOf(suspended, '198.51.100.4')).statusCode).toBe(200);
  });
});
