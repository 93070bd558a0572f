import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@courier/shared/messages';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '5', AUTH_RATE_LIMIT_PER_EMAIL: '3' });
  await seedDemoData(t);
});
afterAll(async () => t?.close());

const attempt = (url: string, email: string, ip: string) =>
  t.app.inject({ method: 'POST', url, payload: { email, password: 'wrong-password' }, remoteAddress: ip });

describe('brute-force limits on sign-in and reset', () => {
  it('limits one e-mail across IPs (429 with a clear message)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push((await attempt('/api/auth/login', 'admin@jamaicaexpress.test', `10.0.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await attempt('/api/auth/login', 'admin@jamaicaexpress.test', '10.0.0.9');
    expect(limited.json().message).toBe(API_MESSAGES.tooManyRequests);
    // Another e-mail from a fresh IP is still let through.
    expect((await attempt('/api/auth/login', 'staff@jamaicaexpress.test', '10.0.1.1')).statusCode).toBe(401);
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
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'customer@example.test' },
        remoteAddress: `10.0.3.${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
