import { SignJWT } from 'jose';
import { API_MESSAGES } from '@courier/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectOf } from '../../src/lib/tokens';
import { demoLogin } from '../helper';
import { type SecurityWorld, buildSecurityWorld } from './world';

/**
 * Bearer tokens that must not open a session: expired, tampered, signed with another key or with
 * alg=none, of the wrong type, revoked by logout, for an account that is no longer active.
 */
let w: SecurityWorld;
beforeAll(async () => {
  w = await buildSecurityWorld();
});
afterAll(async () => w?.t.close());

/** A private route for each kind of account. */
const PROBES = { user: '/api/auth/profile', customer: '/api/customers/profile' } as const;

async function expectInvalid(token: string, url: string = PROBES.user) {
  const res = await w.t.api({ method: 'GET', path: url, token });
  expect(res.statusCode, `${url} with ${token.slice(0, 40)}…`).toBe(401);
  expect(res.json().message).toBe(API_MESSAGES.invalidToken);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];

async function login(url: string, email: string, password: string): Promise<string> {
  const res = await w.t.api({ method: 'POST', path: url, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const token: unknown = body.token ?? body.access_token ?? body.data?.token;
  if (typeof token !== 'string') throw new Error(`no token in ${res.body.slice(0, 200)}`);
  return token;
}

describe('a token that is valid opens the session (the control)', () => {
  it('for staff and for customers', async () => {
    expect((await w.t.api({ method: 'GET', path: PROBES.user, headers: w.headers('staff') })).statusCode).toBe(200);
    expect((await w.t.api({ method: 'GET', path: PROBES.customer, headers: w.headers('customer') })).statusCode).toBe(200);
  });
});

describe('refused tokens', () => {
  it('expired', async () => {
    const expired = await w.t.ctx.tokens.sign(
      { sub: subjectOf('user', w.people.courier_admin), role: 'courier_admin', type: 'access', courierId: w.courierA },
      -5,
    );
    await expectInvalid(expired.token);
  });

  it('tampered: a changed signature, or changed claims under the old signature', async () => {
    const [header, payload, signature] = parts(w.headers('staff').authorization?.slice(7) ?? '');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectInvalid(`${header}.${payload}.${flipped}`);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    await expectInvalid(`${header}.${b64({ ...claims, role: 'super_admin', courierId: null })}.${signature}`);
    await expectInvalid(`${header}.${b64({ ...claims, sub: subjectOf('user', w.people.super_admin) })}.${signature}`);
    await expectInvalid(`${header}.${payload}`);
    await expectInvalid(`${header}.${payload}.`);
  });

  it('signed with another secret', async () => {
    const forged = await new SignJWT({ role: 'super_admin', type: 'access', courierId: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subjectOf('user', w.people.super_admin))
      .setJti('forged')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-0123456789abcdef'));
    await expectInvalid(forged);
  });

  it('alg=none, and algorithms the server does not use', async () => {
    const [, payload] = parts(w.headers('courier_admin').authorization?.slice(7) ?? '');
    for (const alg of ['none', 'None', 'NONE']) {
      await expectInvalid(`${b64({ alg, typ: 'JWT' })}.${payload}.`);
    }
    // The same key under HS512 is still not the HS256 the server signs with.
    const hs512 = await new SignJWT({ role: 'courier_admin', type: 'access', courierId: w.courierA })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(subjectOf('user', w.people.courier_admin))
      .setJti('hs512')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(w.t.ctx.tokens.secret);
    await expectInvalid(hs512);
  });

  it('of the wrong type: an impersonation token, a reset code, an opaque string', async () => {
    const impersonation = await w.t.ctx.tokens.sign(
      {
        sub: subjectOf('user', w.people.courier_admin),
        role: 'courier_admin',
        type: 'impersonation',
        courierId: w.courierA,
        impersonatorId: w.people.super_admin,
      },
      300,
    );
    await expectInvalid(impersonation.token);
    // A type the server never issues.
    const refresh = await w.t.ctx.tokens.sign(
      { sub: subjectOf('user', w.people.courier_admin), role: 'courier_admin', type: 'refresh' as 'access', courierId: w.courierA },
      300,
    );
    await expectInvalid(refresh.token);
    await expectInvalid('3f2a9c1e5b7d4e8fa0b1c2d3e4f5a6b7');
    await expectInvalid('not-a-jwt');
    // An access token is not an impersonation token either.
    const exchange = await w.t.api('POST', '/auth/impersonation/exchange', null, {
      token: w.headers('courier_admin').authorization?.slice(7),
    });
    expect(exchange.statusCode).toBeGreaterThanOrEqual(400);
    expect(exchange.statusCode).toBeLessThan(500);
    expect(exchange.body).not.toMatch(/"token"/);
  });

  it('naming no account, or an account of the other kind', async () => {
    const nobody = await w.t.ctx.tokens.sign(
      { sub: subjectOf('user', 999_999), role: 'courier_admin', type: 'access', courierId: w.courierA },
      300,
    );
    await expectInvalid(nobody.token);
    const oddSubject = await w.t.ctx.tokens.sign(
      { sub: `admin:${w.people.super_admin}`, role: 'super_admin', type: 'access', courierId: null },
      300,
    );
    await expectInvalid(oddSubject.token);
  });

  it('claims grant nothing: the role comes from the account, not the token', async () => {
    const customerAsSuper = await w.t.ctx.tokens.sign(
      { sub: subjectOf('customer', w.people.customer), role: 'super_admin', type: 'access', courierId: null },
      300,
    );
    const res = await w.t.api({ method: 'GET', path: '/api/platform/couriers', token: customerAsSuper.token });
    expect(res.statusCode).toBe(403);
  });

  it('revoked by logout (staff and customer, signed in through the real login)', async () => {
    const staff = await login('/api/auth/staff/login', demoLogin('staff').email, demoLogin('staff').password);
    const customer = await login('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password);
    for (const [token, probe] of [
      [staff, PROBES.user],
      [customer, PROBES.customer],
    ] as const) {
      expect((await w.t.api({ method: 'GET', path: probe, token })).statusCode).toBe(200);
      const out = await w.t.api('POST', '/auth/logout', token);
      expect(out.statusCode, out.body).toBeLessThan(300);
      await expectInvalid(token, probe);
    }
  });

  it('for a deactivated staff member or customer, and for every account of a suspended courier', async () => {
    const staff = await login('/api/auth/staff/login', demoLogin('branch_manager').email, demoLogin('branch_manager').password);
    const me = (await w.t.api({ method: 'GET', path: PROBES.user, token: staff })).json();
    const userId: number = me.id ?? me.user?.id;
    const off = await w.t.api({
      method: 'PATCH',
      url: `/staff/${userId}/status`,
      headers: w.headers('courier_admin'),
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await expectInvalid(staff);

    const customerToken = await login('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password);
    const profile = (await w.t.api({ method: 'GET', path: PROBES.customer, token: customerToken })).json();
    const customerId: number = profile.id ?? profile.customer?.id;
    const custOff = await w.t.api({
      method: 'PATCH',
      url: `/customers/${customerId}/status`,
      headers: w.headers('courier_admin'),
      payload: { active: false },
    });
    expect(custOff.statusCode, custOff.body).toBe(200);
    await expectInvalid(customerToken, PROBES.customer);

    // Courier B suspended by the super admin: its admin's valid token stops working.
    expect((await w.t.api({ method: 'GET', path: PROBES.user, headers: w.headers('otherAdmin') })).statusCode).toBe(200);
    const suspend = await w.t.api({
      method: 'PATCH',
      url: `/platform/couriers/${w.other.courier}/status`,
      headers: w.headers('super_admin'),
      payload: { status: 'suspended' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    await expectInvalid(w.headers('otherAdmin').authorization?.slice(7) ?? '');
  });

  it('whatever the header looks like: no scheme, another scheme, a token in the query string', async () => {
    const token = w.headers('courier_admin').authorization?.slice(7) ?? '';
    for (const authorization of ['Bearer', 'Bearer ', `Basic ${token}`, token, `Bearer ${token} extra`]) {
      const res = await w.t.api({ method: 'GET', path: PROBES.user, headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
    }
    expect((await w.t.api({ method: 'GET', path: `${PROBES.user}?token=${token}` })).statusCode).toBe(401);
    expect((await w.t.api({ method: 'GET', path: `${PROBES.user}?access_token=${token}` })).statusCode).toBe(401);
  });

  it('leaves public routes public: a bad token there is ignored, not an error', async () => {
    const res = await w.t.api({ method: 'GET', path: '/api/health', token: 'not-a-jwt' });
    expect(res.statusCode).toBe(200);
  });
});
