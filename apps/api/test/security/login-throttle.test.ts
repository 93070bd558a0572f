import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import { emailOutbox } from '../../src/db/schema/email';
import { loginThrottles } from '../../src/db/schema/login-throttle';
import { accountKeyOf, delaySecondsAfter, knownIpDelaySecondsAfter } from '../../src/modules/auth/login-throttle';
import { type TestApp, buildTestApp, demoLogin, seedDemoData } from '../helper';

/**
 * Failures count per account across the four login pages, unknown devices are
 * slowed (429 + Retry-After) instead of the owner being locked out, and the owner is told once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_LOGIN_DELAY_AFTER_FAILURES: '5' });
  await seedDemoData(t);
});
afterAll(async () => t?.close());

const LOGIN_URLS = ['/api/auth/login', '/api/auth/staff/login', '/api/auth/super-admin/login', '/api/customers/login'];

const signIn = (url: string, email: string, password: string, ip: string) =>
  t.api({ method: 'POST', path: url, payload: { email, password }, remoteAddress: ip });

const alertsTo = async (email: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), like(emailOutbox.subject, '%Failed sign-in attempts%')));

describe('sign-in throttling per account', () => {
  it('counts wrong passwords on all four login pages together, slows unknown IPs, lets known IPs in, alerts once', async () => {
    const email = demoLogin('courier_admin').email;
    const password = demoLogin('courier_admin').password;
    expect((await signIn('/api/auth/login', email, password, '10.1.0.1')).statusCode).toBe(200);

    // Five wrong guesses, at most two per page, each from a different IP.
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn(LOGIN_URLS[i % 4] as string, email, 'wrong-password', `10.9.0.${i + 1}`);
      expect(res.statusCode, res.body).toBe(401);
    }

    // The right password from a device that never signed in waits (the old per-page counters let it in).
    const stranger = await signIn('/api/auth/login', email, password, '10.2.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(AUTH_API_MESSAGES.signInDelayed);
    const retryAfter = Number(stranger.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15);
    // Another page does not get around it.
    expect((await signIn('/api/auth/staff/login', email, 'another-guess', '10.2.0.2')).statusCode).toBe(429);

    // The owner's known IP with the right password goes in at once.
    const owner = await signIn('/api/auth/login', email, password, '10.1.0.1');
    expect(owner.statusCode, owner.body).toBe(200);

    // More failures (a typo from the known IP) lengthen the delay but send no second alert.
    expect((await signIn('/api/auth/login', email, 'typo', '10.1.0.1')).statusCode).toBe(401);
    const [row] = await t.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.accountKey, accountKeyOf(email)));
    expect(row?.failures).toBe(6);
    const alerts = await alertsTo(email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.courierId).not.toBeNull();
    expect(alerts[0]?.textBody).toContain('failed to sign in to your Jamaica Express Post account 5 times');

    // Once the delay has passed, the right password from a new device signs in.
    await t.db
      .update(loginThrottles)
      .set({ delayedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.accountKey, accountKeyOf(email)));
    expect((await signIn('/api/auth/login', email, password, '10.2.0.1')).statusCode).toBe(200);
  });

  it('protects the super admin the same way (platform mail, no courier)', async () => {
    const email = demoLogin('super_admin').email;
    const password = demoLogin('super_admin').password;
    expect((await signIn('/api/auth/super-admin/login', email, password, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(LOGIN_URLS[(i + 2) % 4] as string, email, 'guess', `10.9.1.${i + 1}`)).statusCode).toBe(401);
    }
    const stranger = await signIn('/api/auth/super-admin/login', email, password, '10.3.0.9');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBeDefined();
    expect((await signIn('/api/auth/super-admin/login', email, password, '10.3.0.1')).statusCode).toBe(200);
    const alerts = await alertsTo(email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.courierId).toBeNull();
  });

  it('treats an e-mail nobody owns like a real one (no enumeration) and mails nobody', async () => {
    const email = 'nobody-here@example.test';
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(LOGIN_URLS[i % 4] as string, email, 'guess', `10.9.2.${i + 1}`)).statusCode).toBe(401);
    expect((await signIn('/api/auth/login', email, 'guess', '10.9.2.9')).statusCode).toBe(429);
    expect(await alertsTo(email)).toHaveLength(0);
  });

  it('doubles the delay after the threshold and caps it', () => {
    const policy = { delayAfter: 5, maxDelaySeconds: 900 };
    expect([4, 5, 6, 7, 12, 40].map((n) => delaySecondsAfter(n, policy))).toEqual([0, 15, 30, 60, 900, 900]);
  });

  it('counts wrong passwords from a known IP too, more gently: from the tenth, short delays', async () => {
    const email = 'manager@jamaicaexpress.test';
    const password = 'BranchManager#2026';
    const office = '10.4.0.1';
    expect((await signIn('/api/auth/staff/login', email, password, office)).statusCode).toBe(200);
    // Nine wrong passwords from the owner's own IP: each is checked (401), none waits.
    for (let i = 0; i < 9; i += 1) {
      const res = await signIn(LOGIN_URLS[i % 4] as string, email, `guess-${i}`, office);
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    // A device that never signed in already waits; the office does not yet.
    expect((await signIn('/api/auth/staff/login', email, password, '10.4.0.99')).statusCode).toBe(429);
    expect((await signIn('/api/auth/staff/login', email, 'guess-9', office)).statusCode).toBe(401);
    // After the tenth the office waits too, even with the right password, a short while.
    const waiting = await signIn('/api/auth/staff/login', email, password, office);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe(AUTH_API_MESSAGES.signInDelayed);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(15);
    // Once the short delay has passed, the owner signs in from the office.
    await t.db
      .update(loginThrottles)
      .set({ lastFailureAt: new Date(Date.now() - 16_000) })
      .where(eq(loginThrottles.accountKey, accountKeyOf(email)));
    expect((await signIn('/api/auth/staff/login', email, password, office)).statusCode).toBe(200);
  });

  it('a known IP waits from twice the threshold, doubling, never more than five minutes', () => {
    const policy = { delayAfter: 5, maxDelaySeconds: 900 };
    expect([5, 9, 10, 11, 12, 14, 40].map((n) => knownIpDelaySecondsAfter(n, policy))).toEqual([0, 0, 15, 30, 60, 240, 300]);
  });
});
