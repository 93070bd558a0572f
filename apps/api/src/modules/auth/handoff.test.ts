import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth';
import { type TestApp, buildTestApp, demoLogin, seedDemoData } from '../../../test/helper';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../lib/passwords';

let t: TestApp;
const OTHER_KEY = 'ck_frame_other_2026';
const DEMO_SITE = 'http://localhost:4599';
const OTHER_SITE = 'https://www.other-courier.test';

async function tokenOf(url: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.api('POST', url, null, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}
const customerToken = () =>
  tokenOf('/api/customers/login', {
    email: demoLogin('customer').email,
    password: demoLogin('customer').password,
    api_key: DEFAULT_API_KEY,
  });

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [other] = await t.db.insert(couriers).values({ name: 'Other Parcels', code: 'OTP', apiKey: OTHER_KEY }).returning();
  if (!other) throw new Error('courier');
  const [branch] = await t.db.insert(branches).values({ courierId: other.id, name: 'Negril' }).returning();
  if (!branch) throw new Error('branch');
  await t.db.insert(users).values({
    courierId: other.id,
    role: 'courier_admin',
    firstName: 'Other',
    lastName: 'Admin',
    email: 'admin@other-courier.test',
    passwordHash: await hashPassword('OtherAdmin#2026'),
  });
  await t.db.insert(customers).values({
    courierId: other.id,
    branchId: branch.id,
    firstName: 'Olive',
    lastName: 'Other',
    email: 'olive@other-courier.test',
    passwordHash: await hashPassword('Customer#2026'),
    mailboxNumber: 'OTP-0001',
  });
  const demoAdmin = await tokenOf('/api/auth/login', {
    email: demoLogin('courier_admin').email,
    password: demoLogin('courier_admin').password,
  });
  const otherAdmin = await tokenOf('/api/auth/login', { email: 'admin@other-courier.test', password: 'OtherAdmin#2026' });
  for (const [token, origin] of [
    [demoAdmin, DEMO_SITE],
    [otherAdmin, OTHER_SITE],
  ] as const) {
    const saved = await t.api('PUT', '/settings/embed', token, { allowedOrigins: [origin] });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('opening a framed session in its own tab', () => {
  it('gives a one-minute code that opens the same customer once, and never works as a session itself', async () => {
    const session = await customerToken();
    const issued = await t.api('POST', '/api/customers/handoff', session);
    expect(issued.statusCode, issued.body).toBe(200);
    const { code, expiresAt } = issued.json() as { code: string; expiresAt: string };
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await t.api('GET', '/api/customers/profile', code)).statusCode).toBe(401);

    const redeemed = await t.api('POST', '/api/customers/handoff/redeem', null, { code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const tab = redeemed.json().token as string;
    expect(tab).not.toBe(session);
    const profile = await t.api('GET', '/api/customers/profile', tab);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('customer@example.test');

    const again = await t.api('POST', '/api/customers/handoff/redeem', null, { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(AUTH_MESSAGES.handoffInvalid);
  });

  it('refuses a code whose session signed out before it was used, and a session token offered as a code', async () => {
    const session = await customerToken();
    const { code } = (await t.api('POST', '/api/customers/handoff', session)).json() as { code: string };
    expect((await t.api('POST', '/api/auth/logout', session)).statusCode).toBe(200);
    expect((await t.api('POST', '/api/customers/handoff/redeem', null, { code })).statusCode).toBe(401);
    expect((await t.api('POST', '/api/customers/handoff/redeem', null, { code: await customerToken() })).statusCode).toBe(401);
  });

  it('is for customers only', async () => {
    const admin = await tokenOf('/api/auth/login', {
      email: demoLogin('courier_admin').email,
      password: demoLogin('courier_admin').password,
    });
    expect((await t.api('POST', '/api/customers/handoff', admin)).statusCode).toBe(403);
  });
});

describe("a framed portal is decided by the signed-in customer's own courier", () => {
  const permission = async (token: string, origins: string) =>
    (await t.api('GET', `/api/customers/frame-permission?origins=${origins.replace(/,/g, '%2C')}`, token)).json() as { allowed: boolean };

  it("allows the customer's courier's own website and refuses another courier's allowed website", async () => {
    const demo = await customerToken();
    expect(await permission(demo, DEMO_SITE)).toEqual({ allowed: true });
    expect(await permission(demo, OTHER_SITE)).toEqual({ allowed: false });
    // Every ancestor must be allowed, not just one of them.
    expect(await permission(demo, `${DEMO_SITE},${OTHER_SITE}`)).toEqual({ allowed: false });
    expect(await permission(demo, '')).toEqual({ allowed: false });
    // The demo courier's own website, on a page opened for another courier: refused.
    expect(await permission(demo, `${DEMO_SITE}&api_key=${OTHER_KEY}`)).toEqual({ allowed: false });
    expect(await permission(demo, `${DEMO_SITE}&api_key=${DEFAULT_API_KEY}`)).toEqual({ allowed: true });

    const other = await tokenOf('/api/customers/login', {
      email: 'olive@other-courier.test',
      password: 'Customer#2026',
      api_key: OTHER_KEY,
    });
    expect(await permission(other, OTHER_SITE)).toEqual({ allowed: true });
    expect(await permission(other, DEMO_SITE)).toEqual({ allowed: false });
  });
});
