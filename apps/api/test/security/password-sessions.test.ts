import { eq } from 'drizzle-orm';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/users';
import { type TestApp, buildTestApp, seedDemoData, demoLogin } from '../helper';

/**
 * A password reset by an admin, or a change by the person, ends every other
 * session of the account at once (not up to 12 h later); the session that made the change stays.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
});
afterAll(async () => {
  await t.close();
});

async function signIn(url: string, email: string, password: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.api({ method: 'POST', path: url, payload: { email, password, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}
const staffSignIn = (email: string, password: string) => signIn('/api/auth/staff/login', email, password);
const adminSignIn = (email: string, password: string) => signIn('/api/auth/login', email, password);
const customerSignIn = (password: string) =>
  signIn('/api/customers/login', demoLogin('customer').email, password, { api_key: DEFAULT_API_KEY });

async function status(url: string, token: string): Promise<number> {
  return (await t.api({ method: 'GET', path: url, token })).statusCode;
}

describe('password changes end other sessions', () => {
  it("an admin's reset signs the person out everywhere, the admin stays signed in", async () => {
    const staffToken = await staffSignIn(demoLogin('staff').email, demoLogin('staff').password);
    const adminToken = await adminSignIn(demoLogin('courier_admin').email, demoLogin('courier_admin').password);
    expect(await status('/api/auth/profile', staffToken)).toBe(200);
    const [staff] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoLogin('staff').email));

    const reset = await t.api('POST', `/staff/${staff?.id}/reset-password`, adminToken, { password: 'StaffReset#2026' });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await status('/api/auth/profile', staffToken)).toBe(401);
    expect(await status('/api/auth/profile', adminToken)).toBe(200);
    expect(await status('/api/auth/profile', await staffSignIn(demoLogin('staff').email, 'StaffReset#2026'))).toBe(200);
  });

  for (const route of [
    { url: '/api/users/change-password', body: (from: string, to: string) => ({ current_password: from, new_password: to }) },
    { url: '/api/users/:id/password', body: (from: string, to: string) => ({ currentPassword: from, newPassword: to }) },
  ]) {
    it(`a staff member's own change (${route.url}) ends the other sessions and keeps this one`, async () => {
      const email = demoLogin('branch_manager').email;
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const current = route.url.includes(':id') ? 'Manager#Second2026' : demoLogin('branch_manager').password;
      const next = route.url.includes(':id') ? 'Manager#Third2026' : 'Manager#Second2026';
      const here = await staffSignIn(email, current);
      const elsewhere = await staffSignIn(email, current);

      const res = await t.api({
        method: 'PUT',
        path: route.url.replace(':id', String(row?.id)),
        token: here,
        payload: route.body(current, next),
      });
      expect(res.statusCode, res.body).toBe(200);

      expect(await status('/api/auth/profile', elsewhere)).toBe(401);
      expect(await status('/api/auth/profile', here)).toBe(200);
      // A session begun after the change works too.
      expect(await status('/api/auth/profile', await staffSignIn(email, next))).toBe(200);
    });
  }

  it("a customer's own change ends the other sessions and keeps this one", async () => {
    const here = await customerSignIn(demoLogin('customer').password);
    const elsewhere = await customerSignIn(demoLogin('customer').password);
    const res = await t.api('PUT', '/customers/change-password', here, {
      currentPassword: demoLogin('customer').password,
      newPassword: 'Customer#Changed2026',
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await status('/api/customers/profile', elsewhere)).toBe(401);
    expect(await status('/api/customers/profile', here)).toBe(200);
    expect(await status('/api/customers/profile', await customerSignIn('Customer#Changed2026'))).toBe(200);
  });
});
