import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, seedDemoData, demoLogin } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '5', AUTH_RATE_LIMIT_PER_EMAIL: '3' });
  await seedDemoData(t);
});
afterAll(async () => t?.close());

const attempt = (url: string, email: string, ip: string) =>
  t.api({ method: 'POST', path: url, payload: { email, password: 'wrong-password' }, remoteAddress: ip });

describe('brute-force limits on sign-in and reset', () => {
  it('never refuses a sign-in for the e-mail alone (accounts are throttled per account instead)', async () => {
    // The old per-page, per-e-mail counter answered 429 here; login-throttle.test.ts covers the delay.
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push((await attempt('/api/auth/login', demoLogin('courier_admin').email, `10.0.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401]);
    const right = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: demoLogin('courier_admin').email, password: demoLogin('courier_admin').password },
      remoteAddress: '10.0.0.9',
    });
    expect(right.statusCode).toBe(200);
  });

  it('limits one IP across e-mails', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await attempt('/api/customers/login', `person${i}@example.test`, '10.0.2.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt('/api/customers/login', 'person0@example.test', '10.0.2.2')).statusCode).toBe(401);
  });

  it('limits reset requests per e-mail', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.api({
        method: 'POST',
        url: '/auth/request-password-reset',
        payload: { email: 'customer@example.test' },
        remoteAddress: `10.0.3.${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
