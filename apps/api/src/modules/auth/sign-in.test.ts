import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';
import { countStatements } from '../../../test/statements';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { loginKnownIps, loginThrottles } from '../../db/schema/login-throttle';
import { users } from '../../db/schema/users';
import { accountKeyOf } from './login-throttle';

/**
 * A sign-in on each of the four pages: at most four statements, and everything it did before:
 * the throttle's check, the account's last sign-in, the known IP, the typos forgotten, the profile.
 */
let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_LOGIN_DELAY_AFTER_FAILURES: '3' });
  await seedDemoData(t);
  const [courier] = await t.db.select().from(couriers).where(eq(couriers.code, 'JXP'));
  apiKey = courier?.apiKey ?? '';
});
afterAll(async () => t?.close());

const PORTALS = [
  { url: '/api/auth/login', email: 'admin@jamaicaexpress.test', password: 'CourierAdmin#2026', profile: '/api/auth/profile' },
  { url: '/api/auth/staff/login', email: 'staff@jamaicaexpress.test', password: 'StaffMember#2026', profile: '/api/auth/profile' },
  { url: '/api/auth/super-admin/login', email: 'superadmin@courierportal.test', password: 'SuperAdmin#2026', profile: '/api/auth/profile' },
  { url: '/api/customers/login', email: 'customer@example.test', password: 'Customer#2026', profile: '/api/customers/profile' },
  {
    url: '/api/customers/login',
    email: 'customer@example.test',
    password: 'Customer#2026',
    profile: '/api/customers/profile',
    withKey: true,
  },
] as const;

const signIn = (url: string, payload: Record<string, unknown>, ip: string) =>
  t.api({ method: 'POST', path: url, payload, remoteAddress: ip });

async function lastLoginAt(email: string): Promise<Date | null> {
  const [user] = await t.db.select({ at: users.lastLoginAt }).from(users).where(eq(users.email, email));
  if (user) return user.at;
  const [customer] = await t.db.select({ at: customers.lastLoginAt }).from(customers).where(eq(customers.email, email));
  return customer?.at ?? null;
}

describe('a sign-in', () => {
  // Four, plus the look-up of the approved domain the request came from (a courier's own site signs in its own customers only).
  it('runs at most five statements on every login page, and signs in as before', async () => {
    for (const [i, portal] of PORTALS.entries()) {
      const before = new Date();
      const payload = { email: portal.email, password: portal.password, ...('withKey' in portal ? { api_key: apiKey } : {}) };
      const { result, statements } = await countStatements(() => signIn(portal.url, payload, `10.40.0.${i + 1}`));
      expect(result.statusCode, result.body).toBe(200);
      expect(statements.length, `${portal.url}\n${statements.join('\n---\n')}`).toBeLessThanOrEqual(5);
      const answer = result.json();
      expect(answer.message).toBe(AUTH_API_MESSAGES.loginSuccess);
      // The answer's profile is the profile the token then reads.
      const profile = await t.api({ method: 'GET', path: portal.profile, token: answer.token });
      expect(profile.statusCode, profile.body).toBe(200);
      expect(answer.user ?? answer.customer).toEqual(profile.json());
      expect((await lastLoginAt(portal.email))?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      const known = await t.db
        .select()
        .from(loginKnownIps)
        .where(eq(loginKnownIps.accountKey, accountKeyOf(portal.email)));
      expect(known.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('forgets typos below the threshold, keeps the count under attack, and still slows unknown devices', async () => {
    const { url, email, password } = PORTALS[1];
    const key = accountKeyOf(email);
    expect((await signIn(url, { email, password: 'typo' }, '10.41.0.1')).statusCode).toBe(401);
    expect((await signIn(url, { email, password }, '10.41.0.1')).statusCode).toBe(200);
    expect(await t.db.select().from(loginThrottles).where(eq(loginThrottles.accountKey, key))).toEqual([]);

    for (let i = 0; i < 3; i += 1) expect((await signIn(url, { email, password: 'guess' }, `10.42.0.${i}`)).statusCode).toBe(401);
    const stranger = await signIn(url, { email, password }, '10.43.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner's known device goes in; the count stays, so the stranger still waits.
    expect((await signIn(url, { email, password }, '10.41.0.1')).statusCode).toBe(200);
    const [row] = await t.db.select().from(loginThrottles).where(eq(loginThrottles.accountKey, key));
    expect(row?.failures).toBe(3);
    expect((await signIn(url, { email, password }, '10.43.0.1')).statusCode).toBe(429);
  });

  it('refuses as before: wrong page, inactive account, suspended courier, unknown api key', async () => {
    const wrongPage = await signIn('/api/auth/staff/login', { email: PORTALS[0].email, password: PORTALS[0].password }, '10.44.0.1');
    expect(wrongPage.statusCode).toBe(403);
    expect(wrongPage.json().message).toBe(AUTH_API_MESSAGES.wrongLogin);
    const unknownKey = await signIn(
      '/api/customers/login',
      { email: PORTALS[3].email, password: PORTALS[3].password, api_key: 'ck_nobody' },
      '10.44.0.2',
    );
    expect(unknownKey.statusCode).toBe(404);
    expect(unknownKey.json().message).toBe(AUTH_API_MESSAGES.courierNotFound);

    // The branch manager (the staff account above is under attack from the last test).
    const manager = { email: 'manager@jamaicaexpress.test', password: 'BranchManager#2026' };
    await t.db.update(users).set({ active: false }).where(eq(users.email, manager.email));
    const inactive = await signIn('/api/auth/staff/login', manager, '10.44.0.3');
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().message).toBe(AUTH_API_MESSAGES.accountInactive);
    await t.db.update(users).set({ active: true }).where(eq(users.email, manager.email));

    await t.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.code, 'JXP'));
    try {
      const admin = await signIn(PORTALS[0].url, { email: PORTALS[0].email, password: PORTALS[0].password }, '10.44.0.4');
      expect(admin.statusCode).toBe(401);
      expect(admin.json().message).toBe(AUTH_API_MESSAGES.courierSuspended);
      const keyed = await signIn(
        '/api/customers/login',
        { email: PORTALS[3].email, password: PORTALS[3].password, api_key: apiKey },
        '10.44.0.5',
      );
      expect(keyed.statusCode).toBe(401);
      expect(keyed.json().message).toBe(AUTH_API_MESSAGES.courierSuspended);
      // Without a key a customer of a suspended courier has no account to sign in to.
      const plain = await signIn('/api/customers/login', { email: PORTALS[3].email, password: PORTALS[3].password }, '10.44.0.6');
      expect(plain.statusCode).toBe(401);
      expect(plain.json().message).toBe(AUTH_API_MESSAGES.invalidCredentials);
    } finally {
      await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.code, 'JXP'));
    }
  });
});
