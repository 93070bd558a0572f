import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@courier/shared/schemas/two-factor';
import { type TestApp, buildTestApp, seedDemoData } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { twoFactorSecrets } from '../../db/schema/two-factor';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../lib/passwords';
import { TOTP_PERIOD_SECONDS, acceptedStep, totpFor } from './two-factor.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [other] = await t.db.insert(couriers).values({ name: 'Island Parcels', code: 'ISP', apiKey: 'ck_isp_2fa_2026' }).returning();
  if (!other) throw new Error('courier');
  await t.db.insert(users).values({
    courierId: other.id,
    role: 'courier_admin',
    firstName: 'Other',
    lastName: 'Admin',
    email: 'admin@islandparcels.test',
    passwordHash: await hashPassword('OtherAdmin#2026'),
  });
});
afterAll(async () => t?.close());

const CUSTOMER = { email: 'customer@example.test', password: 'Customer#2026' };
const ADMIN = { email: 'admin@jamaicaexpress.test', password: 'CourierAdmin#2026' };
const STAFF = { email: 'staff@jamaicaexpress.test', password: 'StaffMember#2026' };
const SUPER = { email: 'superadmin@courierportal.test', password: 'SuperAdmin#2026' };

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeAt = (secret: string, stepsAhead = 0) =>
  totpFor(secret).generate({ timestamp: Date.now() + stepsAhead * TOTP_PERIOD_SECONDS * 1000 });

async function enable(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.api('POST', '/api/auth/two-factor/setup', token, {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, qrCode, otpauthUrl } = setup.json();
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const on = await t.api('POST', '/api/auth/two-factor/enable', token, { code: codeAt(secret) });
  expect(on.statusCode, on.body).toBe(200);
  return { secret, recoveryCodes: on.json().recoveryCodes };
}

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1, with its 8-digit codes and the ASCII seed "12345678901234567890".
  const vectors: Array<[number, string]> = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  const seed = Secret.fromUTF8('12345678901234567890');
  it.each(vectors)('at %i s the 8-digit SHA-1 code is %s', (seconds, code) => {
    const totp = new TOTP({ algorithm: 'SHA1', digits: 8, period: 30, secret: seed });
    expect(totp.generate({ timestamp: seconds * 1000 })).toBe(code);
  });
  it.each(vectors)('at %i s the app-style 6-digit code is the last six of %s, in its 30-second step', (seconds, code) => {
    const six = code.slice(2);
    expect(acceptedStep(totpFor(seed.base32), six, seconds * 1000)).toBe(Math.floor(seconds / 30));
    expect(acceptedStep(totpFor(seed.base32), six, seconds * 1000 + 5 * 60_000)).toBeNull();
  });
});

describe('two-step sign-in of a customer', () => {
  let secret: string;
  let recoveryCodes: string[];
  it('is turned on from the profile with a code, and gives ten recovery codes once', async () => {
    const login = await t.api('POST', '/api/customers/login', null, CUSTOMER);
    ({ secret, recoveryCodes } = await enable(login.json().token));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await t.api('GET', '/api/auth/two-factor', login.json().token);
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    const [row] = await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.accountKind, 'customer'));
    expect(row?.secretSealed).not.toContain(secret);
  });

  it('asks for a code after the password, and the challenge is not a session', async () => {
    const res = await t.api('POST', '/api/customers/login', null, CUSTOMER);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect(res.json().twoFactor).toBe('verify');
    expect((await t.api('GET', '/api/customers/profile', res.json().challenge)).statusCode).toBe(401);
  });

  it('refuses a wrong code, then signs in with the right one, which works once', async () => {
    const { challenge } = (await t.api('POST', '/api/customers/login', null, CUSTOMER)).json();
    const wrong = await t.api('POST', '/api/customers/two-factor/verify', null, {
      challenge,
      code: '000000' === codeAt(secret, 1) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    const code = codeAt(secret, 1);
    const ok = await t.api('POST', '/api/customers/two-factor/verify', null, { challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().customer.email).toBe(CUSTOMER.email);
    expect((await t.api('GET', '/api/customers/profile', ok.json().token)).statusCode).toBe(200);
    // The challenge opened its session; and the same code does not open a second one.
    expect((await t.api('POST', '/api/customers/two-factor/verify', null, { challenge, code })).statusCode).toBe(401);
    const again = (await t.api('POST', '/api/customers/login', null, CUSTOMER)).json().challenge;
    expect((await t.api('POST', '/api/customers/two-factor/verify', null, { challenge: again, code })).json().message).toBe(
      TWO_FACTOR_MESSAGES.invalidCode,
    );
  });

  it('takes a recovery code once, however it is typed, and audits it', async () => {
    const recovery = recoveryCodes[0] as string;
    const first = (await t.api('POST', '/api/customers/login', null, CUSTOMER)).json().challenge;
    const ok = await t.api('POST', '/api/customers/two-factor/verify', null, {
      challenge: first,
      code: ` ${recovery.toUpperCase().replace('-', '')} `,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const second = (await t.api('POST', '/api/customers/login', null, CUSTOMER)).json().challenge;
    const reused = await t.api('POST', '/api/customers/two-factor/verify', null, { challenge: second, code: recovery });
    expect(reused.statusCode).toBe(401);
    const used = await t.db.select().from(auditLog).where(eq(auditLog.action, 'two_factor.recovery_code_used'));
    expect(used).toHaveLength(1);
    expect(used[0]?.details).toEqual({ recoveryCodesLeft: 9 });
    expect((await t.api('GET', '/api/auth/two-factor', ok.json().token)).json().recoveryCodesLeft).toBe(9);
  });

  it('is turned off only with the password, and audited both ways', async () => {
    const { challenge } = (await t.api('POST', '/api/customers/login', null, CUSTOMER)).json();
    const session = (await t.api('POST', '/api/customers/two-factor/verify', null, { challenge, code: recoveryCodes[1] })).json().token;
    expect((await t.api('POST', '/api/auth/two-factor/disable', session, { password: 'wrong-password' })).statusCode).toBe(400);
    expect((await t.api('POST', '/api/auth/two-factor/disable', session, { password: CUSTOMER.password })).statusCode).toBe(200);
    expect((await t.api('POST', '/api/customers/login', null, CUSTOMER)).json().token).toEqual(expect.any(String));
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['two_factor.enabled', 'two_factor.disabled']));
  });
});

describe('two-step sign-in on the staff side', () => {
  let adminSecret: string;
  it('a courier that requires it makes its staff set it up before the first session', async () => {
    const admin = (await t.api('POST', '/api/auth/login', null, ADMIN)).json().token;
    const saved = await t.api('PUT', '/api/settings/two-factor', admin, { requireStaffTwoFactor: true });
    expect(saved.json()).toEqual({ requireStaffTwoFactor: true });
    const res = await t.api('POST', '/api/auth/staff/login', null, STAFF);
    expect(res.json().token).toBeUndefined();
    expect(res.json().twoFactor).toBe('enrol');
    const { challenge } = res.json();
    // An enrolment challenge is neither a session nor a second step.
    expect((await t.api('GET', '/api/auth/profile', challenge)).statusCode).toBe(401);
    expect((await t.api('POST', '/api/auth/two-factor/verify', null, { challenge, code: '123456' })).statusCode).toBe(401);
    const setup = (await t.api('POST', '/api/auth/two-factor/enrol/setup', null, { challenge })).json();
    const done = await t.api('POST', '/api/auth/two-factor/enrol/confirm', null, { challenge, code: codeAt(setup.secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(done.json().user.email).toBe(STAFF.email);
    // Required by the courier: the staff member cannot turn it off.
    const off = await t.api('POST', '/api/auth/two-factor/disable', done.json().token, { password: STAFF.password });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.requiredByCourier);
    // The next sign-in asks for the code.
    expect((await t.api('POST', '/api/auth/staff/login', null, STAFF)).json().twoFactor).toBe('verify');
    await t.api('PUT', '/api/settings/two-factor', admin, { requireStaffTwoFactor: false });
  });

  it('the super admin still impersonates a courier admin who has two steps on, and the super admin signs in with a code', async () => {
    const admin = (await t.api('POST', '/api/auth/login', null, ADMIN)).json().token;
    adminSecret = (await enable(admin)).secret;
    const superLogin = await t.api('POST', '/api/auth/super-admin/login', null, SUPER);
    const superToken = superLogin.json().token as string;
    const { secret } = await enable(superToken);
    const [target] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    const issued = await t.api('POST', `/api/auth/impersonate/${target?.id}`, superToken, {});
    const exchanged = await t.api('POST', '/api/auth/impersonation/exchange', null, { token: issued.json().token });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json().user.impersonated).toBe(true);
    // Support work does not change the person's second step.
    expect((await t.api('POST', '/api/auth/two-factor/setup', exchanged.json().token, {})).statusCode).toBe(403);
    const challenge = (await t.api('POST', '/api/auth/super-admin/login', null, SUPER)).json().challenge;
    const signedIn = await t.api('POST', '/api/auth/two-factor/verify', null, { challenge, code: codeAt(secret, 1) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.role.name).toBe('super_admin');
  });

  it("a courier admin resets only their own courier's people, and the reset is audited", async () => {
    const [staff] = await t.db.select().from(users).where(eq(users.email, STAFF.email));
    const other = (await t.api('POST', '/api/auth/login', null, { email: 'admin@islandparcels.test', password: 'OtherAdmin#2026' })).json()
      .token;
    expect((await t.api('POST', '/api/auth/two-factor/reset', other, { kind: 'user', id: staff?.id })).statusCode).toBe(404);
    const { challenge } = (await t.api('POST', '/api/auth/login', null, ADMIN)).json();
    const admin = (await t.api('POST', '/api/auth/two-factor/verify', null, { challenge, code: codeAt(adminSecret, 1) })).json().token;
    const reset = await t.api('POST', '/api/auth/two-factor/reset', admin, { kind: 'user', id: staff?.id });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.api('POST', '/api/auth/staff/login', null, STAFF)).json().token).toEqual(expect.any(String));
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'two_factor.reset'));
    expect(row).toMatchObject({ entity: 'user', entityId: String(staff?.id), details: { email: STAFF.email } });
  });
});

describe('wrong codes are throttled like wrong passwords', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await buildTestApp({ AUTH_LOGIN_DELAY_AFTER_FAILURES: '2' });
    await seedDemoData(slow);
  });
  afterAll(async () => slow?.close());

  it('delays the second step after the threshold, whatever the password step did', async () => {
    const session = (await slow.api('POST', '/customers/login', null, CUSTOMER)).json().token;
    const secret = (await slow.api('POST', '/auth/two-factor/setup', session, {})).json().secret;
    expect((await slow.api('POST', '/auth/two-factor/enable', session, { code: codeAt(secret) })).statusCode).toBe(200);
    const wrong = codeAt(secret, 1) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      const { challenge } = (await slow.api('POST', '/customers/login', null, CUSTOMER)).json();
      expect((await slow.api('POST', '/customers/two-factor/verify', null, { challenge, code: wrong })).statusCode).toBe(401);
    }
    // The password is still right (and its own counter clean), but the code step now waits.
    const { challenge } = (await slow.api('POST', '/customers/login', null, CUSTOMER)).json();
    const held = await slow.api('POST', '/customers/two-factor/verify', null, { challenge, code: codeAt(secret, 1) });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });
});
