import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFor } from '../../src/modules/auth/two-factor.service';
import { type TestApp, buildTestApp, demoLogin, seedDemoData } from '../helper';

/**
 * Guesses sent all at once are counted before they are judged: a hundred passwords (or two-step
 * codes) from a hundred addresses get at most the allowed number of answers, the rest wait (429),
 * exactly as if they had been sent one after another.
 */
const ALLOWED = 5;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_LOGIN_DELAY_AFTER_FAILURES: String(ALLOWED) });
  await seedDemoData(t);
});
afterAll(async () => t?.close());

const judged = (codes: number[]) => codes.filter((c) => c !== 429).length;

describe('a hundred guesses at once', () => {
  it('at most the allowed number of passwords are checked; the right one among them gets no free pass', { timeout: 120_000 }, async () => {
    const { email, password } = demoLogin('courier_admin');
    const guesses = Array.from({ length: 99 }, (_, i) => `wrong-password-${i}`);
    guesses.splice(50, 0, password);
    const answers = await Promise.all(
      guesses.map((guess, i) =>
        t.api({
          method: 'POST',
          url: '/auth/login',
          payload: { email, password: guess },
          remoteAddress: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.every((c) => [200, 401, 429].includes(c)),
      codes.join(','),
    ).toBe(true);
    expect(judged(codes)).toBeLessThanOrEqual(ALLOWED);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(100 - ALLOWED);
  });

  it('at most the allowed number of two-step codes are checked', { timeout: 120_000 }, async () => {
    const customer = { email: 'customer@example.test', password: 'Customer#2026' };
    const session = (await t.api({ method: 'POST', url: '/customers/login', payload: customer, remoteAddress: '10.1.1.1' })).json().token;
    const secret = (
      await t.api({ method: 'POST', url: '/auth/two-factor/setup', payload: {}, token: session, remoteAddress: '10.1.1.1' })
    ).json().secret;
    expect(
      (
        await t.api({
          method: 'POST',
          url: '/auth/two-factor/enable',
          payload: { code: totpFor(secret).generate() },
          token: session,
          remoteAddress: '10.1.1.1',
        })
      ).statusCode,
    ).toBe(200);
    const { challenge } = (await t.api({ method: 'POST', url: '/customers/login', payload: customer, remoteAddress: '10.1.1.1' })).json();
    expect(challenge).toEqual(expect.any(String));
    const valid = new Set([-1, 0, 1].map((step) => totpFor(secret).generate({ timestamp: Date.now() + step * 30_000 })));
    const codes = Array.from({ length: 100 }, (_, i) => String(100_000 + i * 7919).slice(0, 6)).filter((c) => !valid.has(c));
    const answers = await Promise.all(
      codes.map((code, i) =>
        t.api({
          method: 'POST',
          url: '/customers/two-factor/verify',
          payload: { challenge, code },
          token: undefined,
          remoteAddress: `10.88.0.${(i % 250) + 1}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((c) => [401, 429].includes(c)),
      statuses.join(','),
    ).toBe(true);
    expect(judged(statuses)).toBeLessThanOrEqual(ALLOWED);
  });
});
