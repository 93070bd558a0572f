import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { AUTH_API_MESSAGES, AUTH_MESSAGES } from '@courier/shared/schemas/auth';
import { API_MESSAGES } from '@courier/shared/messages';
import { type TestApp, buildTestApp, seedDemoData, demoLogin } from '../../../test/helper';
import { auditLog } from '../../db/schema/audit-log';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { emailOutbox } from '../../db/schema/email';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../lib/passwords';
import { subjectOf } from '../../lib/tokens';
import { settlePasswordResets } from './password-reset.service';

let t: TestApp;
let otherCourier: { id: number; apiKey: string; branchId: number };
const OTHER_KEY = 'ck_other_courier_2026';

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  const [courier] = await t.db.insert(couriers).values({ name: 'Island Parcels', code: 'ISP', apiKey: OTHER_KEY }).returning();
  if (!courier) throw new Error('courier');
  const [branch] = await t.db.insert(branches).values({ courierId: courier.id, name: 'Ocho Rios' }).returning();
  if (!branch) throw new Error('branch');
  otherCourier = { id: courier.id, apiKey: OTHER_KEY, branchId: branch.id };
  await t.db.insert(users).values({
    courierId: courier.id,
    role: 'courier_admin',
    firstName: 'Other',
    lastName: 'Admin',
    email: 'admin@islandparcels.test',
    passwordHash: await hashPassword('OtherAdmin#2026'),
  });
});
afterAll(async () => t?.close());

async function login(url: string, email: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await t.api('POST', url, null, { email, password, ...extra });
  return res;
}
async function tokenOf(url: string, email: string, password: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await login(url, email, password, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}
const adminToken = () => tokenOf('/api/auth/login', demoLogin('courier_admin').email, demoLogin('courier_admin').password);
const superToken = () => tokenOf('/api/auth/super-admin/login', demoLogin('super_admin').email, demoLogin('super_admin').password);

describe('staff-side sign-in', () => {
  it('signs the courier admin in with token, user and message', async () => {
    const res = await login('/api/auth/login', 'Admin@JamaicaExpress.test ', demoLogin('courier_admin').password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(AUTH_API_MESSAGES.loginSuccess);
    expect(body.user).toMatchObject({
      first_name: 'Andrea',
      last_name: 'Campbell',
      email: demoLogin('courier_admin').email,
      role: { name: 'courier_admin' },
      courier: { name: 'Jamaica Express Post', code: 'JXP' },
      impersonated: false,
    });
    expect(body.user.permissions).toContain('settings_edit');
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ role: 'courier_admin', type: 'access' });
    expect(typeof payload.exp).toBe('number');
    expect(typeof payload.jti).toBe('string');
  });

  it('Remember me signs in for REMEMBER_ME_TTL_DAYS, without it for TOKEN_TTL_HOURS (staff and customers)', async () => {
    const lifetimeHours = async (url: string, email: string, password: string, extra: Record<string, unknown>) => {
      const res = await login(url, email, password, extra);
      expect(res.statusCode).toBe(200);
      const payload = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
      return Math.round((payload.exp - Math.floor(Date.now() / 1000)) / 3600);
    };
    const admin = ['/api/auth/login', demoLogin('courier_admin').email, demoLogin('courier_admin').password] as const;
    const customer = ['/api/customers/login', demoLogin('customer').email, demoLogin('customer').password] as const;
    expect(await lifetimeHours(...admin, {})).toBe(t.ctx.config.TOKEN_TTL_HOURS);
    expect(await lifetimeHours(...admin, { remember: false })).toBe(t.ctx.config.TOKEN_TTL_HOURS);
    expect(await lifetimeHours(...admin, { remember: true })).toBe(t.ctx.config.REMEMBER_ME_TTL_DAYS * 24);
    expect(await lifetimeHours(...customer, { api_key: DEFAULT_API_KEY, remember: true })).toBe(t.ctx.config.REMEMBER_ME_TTL_DAYS * 24);
    expect(await lifetimeHours(...customer, { api_key: DEFAULT_API_KEY })).toBe(t.ctx.config.TOKEN_TTL_HOURS);
    const bad = await login(...admin, { remember: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Remember me must be true or false');
  });

  it('signs staff and branch managers in at the staff login, with their role permissions', async () => {
    for (const [email, password, role] of [
      [demoLogin('staff').email, demoLogin('staff').password, 'staff'],
      [demoLogin('branch_manager').email, demoLogin('branch_manager').password, 'branch_manager'],
    ] as const) {
      const res = await login('/api/auth/staff/login', email, password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role.name).toBe(role);
      expect(res.json().user.branch).toMatchObject({ name: 'May Pen' });
      expect(res.json().user.permissions).not.toContain('roles_delete');
    }
  });

  it('signs the super admin in only at the super admin login', async () => {
    const res = await login('/api/auth/super-admin/login', demoLogin('super_admin').email, demoLogin('super_admin').password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: { name: 'super_admin' }, courier: null });
    const admin = await login('/api/auth/super-admin/login', demoLogin('courier_admin').email, demoLogin('courier_admin').password);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe(AUTH_MESSAGES.noPermissionArea);
  });

  it('refuses the wrong page for a role', async () => {
    const staffAtAdmin = await login('/api/auth/login', demoLogin('staff').email, demoLogin('staff').password);
    expect(staffAtAdmin.statusCode).toBe(403);
    expect(staffAtAdmin.json().message).toBe(AUTH_API_MESSAGES.wrongLogin);
    const adminAtStaff = await login('/api/auth/staff/login', demoLogin('courier_admin').email, demoLogin('courier_admin').password);
    expect(adminAtStaff.statusCode).toBe(403);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    for (const [email, password] of [
      [demoLogin('courier_admin').email, 'wrong-password'],
      ['nobody@jamaicaexpress.test', demoLogin('courier_admin').password],
    ]) {
      const res = await login('/api/auth/login', email ?? '', password ?? '');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(AUTH_API_MESSAGES.invalidCredentials);
    }
  });

  it('validates the body with the fixed field messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: '', password: 'x' }, AUTH_MESSAGES.emailRequired],
      [{ email: 'not-an-email', password: 'x' }, AUTH_MESSAGES.emailInvalid],
      [{ email: 'a@b.co', password: '' }, AUTH_MESSAGES.passwordRequired],
      [{ password: 'x' }, AUTH_MESSAGES.emailRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await t.api('POST', '/api/auth/login', null, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const extra = await t.api('POST', '/api/auth/login', null, { email: 'a@b.co', password: 'x', role: 'super_admin' });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a deactivated account and a suspended courier', async () => {
    await t.db.insert(users).values({
      courierId: otherCourier.id,
      role: 'staff',
      firstName: 'Gone',
      lastName: 'Away',
      email: 'gone@islandparcels.test',
      active: false,
      passwordHash: await hashPassword('GoneAway#2026'),
    });
    const inactive = await login('/api/auth/staff/login', 'gone@islandparcels.test', 'GoneAway#2026');
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().message).toBe(AUTH_API_MESSAGES.accountInactive);

    await t.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.id, otherCourier.id));
    try {
      const suspended = await login('/api/auth/login', 'admin@islandparcels.test', 'OtherAdmin#2026');
      expect(suspended.statusCode).toBe(401);
      expect(suspended.json().message).toBe(AUTH_API_MESSAGES.courierSuspended);
    } finally {
      await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, otherCourier.id));
    }
  });
});

describe('profiles and logout', () => {
  it('GET /auth/profile returns the staff-side profile and refuses customers', async () => {
    const token = await adminToken();
    const res = await t.api('GET', '/api/auth/profile', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: demoLogin('courier_admin').email,
      role: { name: 'courier_admin' },
      username: null,
      avatarUrl: null,
    });
    const customer = await tokenOf('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password, {
      api_key: DEFAULT_API_KEY,
    });
    expect((await t.api('GET', '/api/auth/profile', customer)).statusCode).toBe(403);
    expect((await t.api('GET', '/api/auth/profile')).statusCode).toBe(401);
  });

  it('GET /customers/profile returns the customer profile and refuses staff', async () => {
    const token = await tokenOf('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password, {
      api_key: DEFAULT_API_KEY,
    });
    const res = await t.api('GET', '/api/customers/profile', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Kimberly',
      lastName: 'Williams',
      accountType: 'individual',
      businessName: null,
      mailboxNumber: 'JXP-10001',
      branch: { name: 'May Pen' },
      courier: { name: 'Jamaica Express Post', code: 'JXP' },
      role: 'customer',
    });
    expect((await t.api('GET', '/api/customers/profile', await adminToken())).statusCode).toBe(403);
  });

  it('logout revokes the token', async () => {
    const token = await adminToken();
    const out = await t.api('POST', '/auth/logout', token);
    expect(out.statusCode).toBe(200);
    const after = await t.api('GET', '/api/auth/profile', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(API_MESSAGES.invalidToken);
    expect((await t.api('POST', '/auth/logout')).statusCode).toBe(401);
  });
});

describe('customer sign-in and tenancy', () => {
  it('signs in with and without an api key', async () => {
    const withKey = await login('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password, {
      api_key: DEFAULT_API_KEY,
    });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json()).toMatchObject({ message: AUTH_API_MESSAGES.loginSuccess, customer: { email: demoLogin('customer').email } });
    const withoutKey = await login('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password);
    expect(withoutKey.statusCode).toBe(200);
  });

  it("signs a customer in on another courier's page to their own account, never into the page's courier", async () => {
    const res = await login('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password, { api_key: OTHER_KEY });
    expect(res.statusCode, res.body).toBe(200);
    const demo = (await t.api('GET', `/api/couriers/validate/${DEFAULT_API_KEY}`)).json().data.id as number;
    expect(res.json().customer.courier.id).toBe(demo);
    expect(t.ctx.tokens.verify(res.json().token)?.courierId).toBe(demo);
    const wrong = await login('/api/customers/login', demoLogin('customer').email, 'Customer#2027', { api_key: OTHER_KEY });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_API_MESSAGES.invalidCredentials);
  });

  it('answers an unknown api key with 404 and a suspended courier with 401', async () => {
    const unknown = await login('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password, {
      api_key: 'ck_nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(AUTH_API_MESSAGES.courierNotFound);
    await t.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.id, otherCourier.id));
    try {
      const suspended = await login('/api/customers/login', 'x@example.test', 'whatever1', { api_key: OTHER_KEY });
      expect(suspended.statusCode).toBe(401);
      expect(suspended.json().message).toBe(AUTH_API_MESSAGES.courierSuspended);
    } finally {
      await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, otherCourier.id));
    }
  });

  it('wrong password', async () => {
    const res = await login('/api/customers/login', demoLogin('customer').email, 'Customer#2027', { api_key: DEFAULT_API_KEY });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_API_MESSAGES.invalidCredentials);
  });
});

describe('public courier and branch calls', () => {
  it('validates an api key', async () => {
    const res = await t.api('GET', `/api/couriers/validate/${DEFAULT_API_KEY}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: expect.any(Number), name: 'Jamaica Express Post', logo_url: null } });
    expect((await t.api('GET', '/api/couriers/validate/ck_unknown')).statusCode).toBe(404);
    await t.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.id, otherCourier.id));
    try {
      const suspended = await t.api('GET', `/api/couriers/validate/${OTHER_KEY}`);
      expect(suspended.statusCode).toBe(401);
      // The branch list takes a sequential id: a suspended courier is as unknown as a missing one.
      expect((await t.api('GET', `/api/branches/public/${otherCourier.id}`)).statusCode).toBe(404);
    } finally {
      await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, otherCourier.id));
    }
  });

  it("lists only the courier's active branches", async () => {
    const courierId = (await t.api('GET', `/api/couriers/validate/${DEFAULT_API_KEY}`)).json().data.id;
    const res = await t.api('GET', `/api/branches/public/${courierId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((b: { name: string }) => b.name)).toEqual(['Chapelton', 'May Pen']);
    const other = await t.api('GET', `/api/branches/public/${otherCourier.id}`);
    expect(other.json().data).toEqual([{ id: otherCourier.branchId, name: 'Ocho Rios' }]);
    expect((await t.api('GET', '/api/branches/public/99999')).statusCode).toBe(404);
    expect((await t.api('GET', '/api/branches/public/abc')).statusCode).toBe(400);
  });
});

describe('customer registration', () => {
  async function validBody(overrides: Record<string, unknown> = {}) {
    const courierId = (await t.api('GET', `/api/couriers/validate/${DEFAULT_API_KEY}`)).json().data.id as number;
    const [branch] = await t.db.select().from(branches).where(eq(branches.courierId, courierId));
    return {
      accountType: 'individual',
      businessName: null,
      title: 'Mr.',
      firstName: '  Devon ',
      lastName: ' Grant ',
      email: '  Devon.Grant@Example.TEST ',
      phone: ' 876-555-0100 ',
      password: 'Devon#2026',
      trn: ' 111-222-333 ',
      address: ' 5 Hope Road ',
      parish: 'Kingston',
      city: ' Kingston ',
      country: 'Jamaica',
      branchId: branch?.id,
      courierId,
      couponCode: null,
      referralCode: null,
      api_key: DEFAULT_API_KEY,
      ...overrides,
    };
  }

  it('creates the customer with the next mailbox number, trimmed and lowercased, and signs them in', async () => {
    const res = await t.api('POST', '/api/customers/register', null, await validBody());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.customer).toMatchObject({
      firstName: 'Devon',
      lastName: 'Grant',
      email: 'devon.grant@example.test',
      phone: '876-555-0100',
      trn: '111-222-333',
      address: '5 Hope Road',
      city: 'Kingston',
      mailboxNumber: 'JXP-10002',
      title: 'Mr.',
    });
    expect((await t.api('GET', '/api/customers/profile', body.token)).statusCode).toBe(200);
    // The welcome e-mail: the mailbox, the US addresses with it on the first line, how to pre-alert.
    const [courier] = await t.db.select().from(couriers).where(eq(couriers.apiKey, DEFAULT_API_KEY));
    const [welcome] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'devon.grant@example.test'));
    expect(welcome?.subject).toBe('Jamaica Express Post: Welcome to Jamaica Express Post: your mailbox JXP-10002');
    expect(welcome?.courierId).toBe(courier?.id);
    expect(welcome?.textBody).toContain('Your mailbox number is JXP-10002');
    expect(welcome?.textBody).toContain('Devon Grant JXP-10002');
    const firstAirLine = courier?.shippingAddressAir?.split('\n')[0]?.trim();
    expect(firstAirLine, 'the demo courier has an AIR address').toBeTruthy();
    expect(welcome?.textBody).toContain(firstAirLine as string);
    expect(welcome?.textBody).toContain('/customer/packages');
    expect(welcome?.sensitive).toBe(false);
    const again = await t.api('POST', '/api/customers/register', null, await validBody({ email: 'devon.grant@example.test' }));
    expect(again.statusCode).toBe(409);
    // Nothing said about the account; its owner is told by e-mail how to sign in.
    expect(again.json().message).toBe(AUTH_API_MESSAGES.registrationCheckEmail);
    expect(again.body).not.toMatch(/already|exists/i);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'devon.grant@example.test'));
    const notice = mails.find((m) => m.subject === 'Jamaica Express Post: Signing up at Jamaica Express Post');
    expect(notice?.textBody).toContain('already has one');
    expect(notice?.textBody).toContain('/login');
  });

  it('lets the same e-mail register with another courier', async () => {
    const res = await t.api(
      'POST',
      '/api/customers/register',
      null,
      await validBody({ api_key: OTHER_KEY, courierId: otherCourier.id, branchId: otherCourier.branchId }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer.mailboxNumber).toBe('ISP-10001');
  });

  it('refuses a branch of another courier, an unknown key and a suspended courier', async () => {
    const foreignBranch = await t.api(
      'POST',
      '/api/customers/register',
      null,
      await validBody({ email: 'a1@example.test', branchId: otherCourier.branchId }),
    );
    expect(foreignBranch.statusCode).toBe(400);
    expect(foreignBranch.json().message).toBe(AUTH_API_MESSAGES.branchNotFound);
    const unknown = await t.api('POST', '/api/customers/register', null, await validBody({ email: 'a2@example.test', api_key: 'ck_nope' }));
    expect(unknown.statusCode).toBe(404);
    await t.db.update(couriers).set({ status: 'suspended' }).where(eq(couriers.id, otherCourier.id));
    try {
      const suspended = await t.api(
        'POST',
        '/api/customers/register',
        null,
        await validBody({ email: 'a3@example.test', api_key: OTHER_KEY, courierId: otherCourier.id, branchId: otherCourier.branchId }),
      );
      expect(suspended.statusCode).toBe(401);
      expect(suspended.json().message).toBe(AUTH_API_MESSAGES.courierSuspended);
    } finally {
      await t.db.update(couriers).set({ status: 'active' }).where(eq(couriers.id, otherCourier.id));
    }
  });

  it.each([
    [{ accountType: 'business', businessName: '  ', title: null }, AUTH_MESSAGES.businessNameRequired],
    [{ firstName: ' ' }, AUTH_MESSAGES.firstNameRequired],
    [{ lastName: '' }, AUTH_MESSAGES.lastNameRequired],
    [{ trn: '' }, AUTH_MESSAGES.trnRequired],
    [{ title: null }, AUTH_MESSAGES.titleRequired],
    [{ email: '' }, AUTH_MESSAGES.emailRequired],
    [{ email: 'x@y' }, AUTH_MESSAGES.emailInvalid],
    [{ phone: '' }, AUTH_MESSAGES.phoneRequired],
    [{ password: '' }, AUTH_MESSAGES.passwordRequired],
    [{ password: 'short' }, AUTH_MESSAGES.passwordTooShort],
    [{ address: '' }, AUTH_MESSAGES.addressRequired],
    [{ parish: '' }, AUTH_MESSAGES.parishRequired],
    [{ city: '' }, AUTH_MESSAGES.cityRequired],
    [{ branchId: 0 }, AUTH_MESSAGES.branchRequired],
  ])('re-checks the wizard rule %j', async (overrides, message) => {
    const res = await t.api('POST', '/api/customers/register', null, await validBody({ email: 'rule@example.test', ...overrides }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('registers a business account without a title', async () => {
    const res = await t.api(
      'POST',
      '/api/customers/register',
      null,
      await validBody({ email: 'shop@example.test', accountType: 'business', businessName: ' Grant Traders ', title: null }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer).toMatchObject({ accountType: 'business', businessName: 'Grant Traders', title: null });
  });
});

describe('staff-side registration', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'New',
    lastName: 'Person',
    email: `new.${Math.random().toString(36).slice(2)}@jamaicaexpress.test`,
    password: 'NewPerson#2026',
    ...overrides,
  });

  it('needs a token', async () => {
    expect((await t.api('POST', '/api/auth/register', null, body())).statusCode).toBe(401);
    expect((await t.api('POST', '/api/auth/staff/register', null, body())).statusCode).toBe(401);
  });

  it('a courier admin registers staff and a general admin in their own courier', async () => {
    const token = await adminToken();
    const staff = await t.api('POST', '/api/auth/staff/register', token, body({ role: 'branch_manager' }));
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json().user).toMatchObject({ role: { name: 'branch_manager' }, courier: { code: 'JXP' } });
    expect(typeof staff.json().token).toBe('string');
    const general = await t.api('POST', '/api/auth/register', token, body());
    expect(general.statusCode).toBe(201);
    expect(general.json().user.role.name).toBe('admin');
    const foreign = await t.api('POST', '/api/auth/staff/register', token, body({ courierId: otherCourier.id }));
    expect(foreign.statusCode).toBe(404);
    const dup = await t.api('POST', '/api/auth/staff/register', token, body({ email: demoLogin('staff').email }));
    expect(dup.statusCode).toBe(409);
  });

  it('the super admin names the courier; staff and customers may not register anyone', async () => {
    const token = await superToken();
    expect((await t.api('POST', '/api/auth/staff/register', token, body())).statusCode).toBe(400);
    const ok = await t.api('POST', '/api/auth/staff/register', token, body({ courierId: otherCourier.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user.courier.code).toBe('ISP');
    const staff = await tokenOf('/api/auth/staff/login', demoLogin('staff').email, demoLogin('staff').password);
    expect((await t.api('POST', '/api/auth/staff/register', staff, body())).statusCode).toBe(403);
    const customer = await tokenOf('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password);
    expect((await t.api('POST', '/api/auth/register', customer, body())).statusCode).toBe(403);
  });
});

describe('password reset', () => {
  async function latestLink(to: string): Promise<string> {
    // The link is queued after the answer (equal timing for known and unknown e-mails).
    await settlePasswordResets();
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    const last = rows.at(-1);
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(last?.textBody ?? '');
    if (!match?.[1]) throw new Error(`no reset link for ${to}`);
    return match[1];
  }

  it('answers the same whether or not the e-mail exists, and only mails existing accounts', async () => {
    const before = (await t.db.select().from(emailOutbox)).length;
    const known = await t.api('POST', '/api/auth/request-password-reset', null, { email: demoLogin('staff').email });
    const unknown = await t.api('POST', '/api/auth/request-password-reset', null, { email: 'nobody@nowhere.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await settlePasswordResets();
    const after = await t.db.select().from(emailOutbox);
    expect(after.length).toBe(before + 1);
    const mail = after.at(-1);
    expect(mail?.toAddress).toBe(demoLogin('staff').email);
    expect(mail?.textBody).toMatch(/\/reset-password\?token=/);
    const stored = await t.db.select().from(passwordResetTokens);
    const token = await latestLink(demoLogin('staff').email);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('resets once with the link, then the link is spent', async () => {
    const oldSession = await tokenOf('/api/auth/staff/login', demoLogin('branch_manager').email, demoLogin('branch_manager').password);
    await t.api('POST', '/api/auth/request-password-reset', null, { email: demoLogin('branch_manager').email });
    const token = await latestLink(demoLogin('branch_manager').email);
    const usable = async () => (await t.api('POST', '/api/auth/reset-password/check', null, { token })).json().usable;
    expect(await usable()).toBe(true);
    const res = await t.api('POST', '/api/auth/reset-password', null, { token, newPassword: 'Manager#New2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_API_MESSAGES.resetDone);
    const relogin = await login('/api/auth/staff/login', demoLogin('branch_manager').email, 'Manager#New2026');
    expect(relogin.statusCode).toBe(200);
    // The reset signs out every session opened with the old password, not the new one.
    const profile = (session: string) => t.api('GET', '/auth/profile', session);
    expect((await profile(oldSession)).statusCode).toBe(401);
    expect((await profile(relogin.json().token)).statusCode).toBe(200);
    const reused = await t.api('POST', '/api/auth/reset-password', null, { token, newPassword: 'Another#2026' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(AUTH_API_MESSAGES.resetTokenInvalid);
    // The page asks first: a spent link shows "used or expired", not the form.
    expect(await usable()).toBe(false);
  });

  it('refuses an expired link and a short password', async () => {
    await t.api('POST', '/api/auth/request-password-reset', null, { email: demoLogin('customer').email, api_key: DEFAULT_API_KEY });
    const token = await latestLink(demoLogin('customer').email);
    const short = await t.api('POST', '/api/auth/reset-password', null, { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AUTH_MESSAGES.resetPasswordTooShort);
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.api('POST', '/api/auth/reset-password', null, { token, newPassword: 'LongEnough#1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_API_MESSAGES.resetTokenInvalid);
    expect((await t.api('POST', '/api/auth/reset-password', null, { token: 'made-up', newPassword: 'LongEnough#1' })).statusCode).toBe(400);
  });

  it('with an api key resets the customer of that courier', async () => {
    await t.api('POST', '/api/auth/request-password-reset', null, { email: demoLogin('customer').email, api_key: DEFAULT_API_KEY });
    const token = await latestLink(demoLogin('customer').email);
    expect((await t.api('POST', '/api/auth/reset-password', null, { token, newPassword: 'Customer#New1' })).statusCode).toBe(200);
    expect(
      (await login('/api/customers/login', demoLogin('customer').email, 'Customer#New1', { api_key: DEFAULT_API_KEY })).statusCode,
    ).toBe(200);
    await t.db
      .update(customers)
      .set({ passwordHash: await hashPassword(demoLogin('customer').password) })
      .where(eq(customers.email, demoLogin('customer').email));
  });
});

describe('impersonation', () => {
  async function targetId(email: string) {
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(email);
    return u.id;
  }

  it('the super admin opens a courier admin portal once, and it is audited', async () => {
    const token = await superToken();
    const id = await targetId(demoLogin('courier_admin').email);
    const issued = await t.api('POST', `/api/auth/impersonate/${id}`, token, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const { token: imp, url } = issued.json();
    expect(url).toContain('/admin/login?token=');
    const payload = JSON.parse(Buffer.from(imp.split('.')[1], 'base64url').toString());
    expect(payload.type).toBe('impersonation');
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(300);

    // The raw impersonation token is not a session.
    expect((await t.api('GET', '/api/auth/profile', imp)).statusCode).toBe(401);

    const exchanged = await t.api('POST', '/api/auth/impersonation/exchange', null, { token: imp });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json()).toMatchObject({
      message: AUTH_MESSAGES.impersonationSuccess,
      user: { email: demoLogin('courier_admin').email, impersonated: true },
    });
    const profile = await t.api('GET', '/api/auth/profile', exchanged.json().token);
    expect(profile.json().impersonated).toBe(true);

    const reused = await t.api('POST', '/api/auth/impersonation/exchange', null, { token: imp });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(AUTH_MESSAGES.impersonationInvalid);

    const log = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['impersonation.issued', 'impersonation.started']));
  });

  it('refuses expired and wrong-type tokens', async () => {
    const id = await targetId(demoLogin('courier_admin').email);
    const superId = await targetId(demoLogin('super_admin').email);
    const expired = await t.ctx.tokens.sign(
      { sub: subjectOf('user', id), role: 'courier_admin', type: 'impersonation', courierId: 1, impersonatorId: superId },
      -5,
    );
    const res = await t.api('POST', '/api/auth/impersonation/exchange', null, { token: expired.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.impersonationInvalid);
    const access = await adminToken();
    const wrongType = await t.api('POST', '/api/auth/impersonation/exchange', null, { token: access });
    expect(wrongType.statusCode).toBe(401);
    expect(wrongType.json().message).toBe(AUTH_MESSAGES.invalidTokenType);
  });

  it('only the super admin may impersonate, and only courier admins', async () => {
    const admin = await adminToken();
    const id = await targetId(demoLogin('courier_admin').email);
    expect((await t.api('POST', `/api/auth/impersonate/${id}`, admin, {})).statusCode).toBe(403);
    const token = await superToken();
    const staffId = await targetId(demoLogin('staff').email);
    const staff = await t.api('POST', `/api/auth/impersonate/${staffId}`, token, {});
    expect(staff.statusCode).toBe(400);
    expect(staff.json().message).toBe(AUTH_API_MESSAGES.impersonationTargetInvalid);
    expect((await t.api('POST', '/api/auth/impersonate/99999', token, {})).statusCode).toBe(404);
  });
});

describe('customer profile page calls', () => {
  it('updates details and pickup branch, refusing another courier’s branch', async () => {
    const token = await tokenOf('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password, {
      api_key: DEFAULT_API_KEY,
    });
    const profile = (await t.api('GET', '/api/customers/profile', token)).json();
    const [chapelton] = await t.db.select().from(branches).where(eq(branches.name, 'Chapelton'));
    const body = {
      firstName: ' Kim ',
      lastName: 'Williams',
      phone: '876-555-0142',
      trn: '123-456-789',
      address: '14 Manchester Avenue',
      parish: 'Clarendon',
      city: 'May Pen',
      branchId: chapelton?.id,
    };
    const res = await t.api('PUT', '/customers/profile', token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Kim', address: '14 Manchester Avenue', branch: { name: 'Chapelton' } });
    expect(res.json().mailboxNumber).toBe(profile.mailboxNumber);
    const foreign = await t.api('PUT', '/customers/profile', token, { ...body, branchId: otherCourier.branchId });
    expect(foreign.statusCode).toBe(400);
    const staff = await adminToken();
    expect((await t.api('PUT', '/customers/profile', staff, body)).statusCode).toBe(403);
  });

  it('changes the password after checking the current one', async () => {
    const token = await tokenOf('/api/customers/login', demoLogin('customer').email, demoLogin('customer').password, {
      api_key: DEFAULT_API_KEY,
    });
    const wrong = await t.api('PUT', '/customers/change-password', token, { currentPassword: 'nope', newPassword: 'Customer#2027' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_API_MESSAGES.currentPasswordIncorrect);
    const same = await t.api('PUT', '/customers/change-password', token, {
      currentPassword: demoLogin('customer').password,
      newPassword: demoLogin('customer').password,
    });
    expect(same.json().message).toBe(AUTH_API_MESSAGES.newPasswordSame);
    expect(
      (
        await t.api('PUT', '/customers/change-password', token, {
          currentPassword: demoLogin('customer').password,
          newPassword: 'Customer#2027',
        })
      ).statusCode,
    ).toBe(200);
    expect((await login('/api/customers/login', demoLogin('customer').email, 'Customer#2027')).statusCode).toBe(200);
    expect(
      (
        await t.api('PUT', '/customers/change-password', token, {
          currentPassword: 'Customer#2027',
          newPassword: demoLogin('customer').password,
        })
      ).statusCode,
    ).toBe(200);
  });
});
