import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type TestApp, buildTestApp, seedDemoData } from '../helper';

/**
 * X-Forwarded-For is believed only as TRUST_PROXY says. Off by default, so a
 * client that rotates the header still counts as its one socket address against the per-IP
 * limits of sign-in and of the public contact form.
 */
const contact = { name: 'Mark Davis', email: 'mark@example.com', subject: 'tracking', message: 'Where is my package?' };

async function statuses(t: TestApp, url: string, payload: Record<string, unknown>, remoteAddress: string, count: number) {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.api({
      method: 'POST',
      path: url,
      payload: { ...payload, ...(url.includes('login') ? { email: `guess${i}@example.test` } : {}) },
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('TRUST_PROXY unset (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '5' });
    await seedDemoData(t);
  });
  afterAll(async () => t?.close());

  it('counts sign-in attempts per socket address whatever X-Forwarded-For says', async () => {
    const codes = await statuses(t, '/api/auth/login', { password: 'wrong-password' }, '10.9.0.1', 8);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('counts contact posts per socket address whatever X-Forwarded-For says', async () => {
    const codes = await statuses(t, '/api/public/contact', contact, '10.9.0.2', 12);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY=1 (behind one reverse proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '5', TRUST_PROXY: '1' });
  });
  afterAll(async () => t?.close());

  it("takes the client's address from the proxy's header, so each client has its own budget", async () => {
    const codes = await statuses(t, '/api/auth/login', { password: 'wrong-password' }, '10.9.0.3', 8);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
  });
});

describe('TRUST_PROXY=10.9.1.0/24 (the proxies by address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '5', TRUST_PROXY: '10.9.1.0/24' });
  });
  afterAll(async () => t?.close());

  it('honours the header from a listed proxy', async () => {
    const codes = await statuses(t, '/api/auth/login', { password: 'wrong-password' }, '10.9.1.7', 8);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('ignores it from anyone else', async () => {
    const codes = await statuses(t, '/api/auth/login', { password: 'wrong-password' }, '192.0.2.9', 8);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});

describe('TRUST_PROXY parsing', () => {
  const parse = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', '10.0.0.1'],
    [' 10.0.0.1 , 172.16.0.0/12,loopback, ::1 ', '10.0.0.1,172.16.0.0/12,loopback,::1'],
  ])('reads %s as %s', (value, expected) => {
    expect(parse(value)).toBe(expected);
  });

  it.each(['true', 'proxy.example.com', '10.0.0.1/33', '10.0.0.1,'])('refuses %s with a clear message', (value) => {
    expect(() => parse(value)).toThrow(/TRUST_PROXY: give false, a hop count such as 1, or the proxies' addresses/);
  });
});
