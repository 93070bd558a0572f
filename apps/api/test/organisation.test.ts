import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_MESSAGES } from '@courier/shared/schemas/branches';
import { ROLE_MESSAGES } from '@courier/shared/schemas/roles';
import { STAFF_MESSAGES } from '@courier/shared/schemas/staff';
import { API_MESSAGES } from '@courier/shared/messages';
import { customers } from '../src/db/schema/customers';
import { users } from '../src/db/schema/users';
import { subjectOf } from '../src/lib/tokens';
import { type TestApp, bearer, buildTestApp, seedDemoData, loginAs, tokenFor } from './helper';

let t: TestApp;
const tokens: Record<string, string> = {};
/** Ids of the second courier's records, which the first courier's people must never reach. */
const other = { courierId: 0, branchId: 0, roleId: 0, staffId: 0, customerId: 0 };
/** Ids in the demo courier. */
const demo = { courierId: 0, branchId: 0, roleId: 0, staffId: 0, customerId: 0 };

async function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const token = tokens[who];
  if (!token) throw new Error(`no token for ${who}`);
  return t.app.inject({ method, url, headers: bearer(token), payload: payload as Record<string, unknown> | undefined });
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t);
  tokens.super = await loginAs(t, 'super_admin');
  tokens.admin = await loginAs(t, 'courier_admin');
  tokens.manager = await loginAs(t, 'branch_manager');
  tokens.staff = await loginAs(t, 'staff');
  const [cust] = await t.db.select().from(customers).where(eq(customers.email, 'customer@example.test'));
  if (!cust) throw new Error('no demo customer');
  tokens.customer = (
    await t.ctx.tokens.sign({ sub: subjectOf('customer', cust.id), role: 'customer', type: 'access', courierId: cust.courierId }, 3600)
  ).token;
  demo.courierId = cust.courierId;
  demo.customerId = cust.id;
  demo.branchId = cust.branchId ?? 0;

  // A second courier, made the way the super admin makes one.
  const created = await call('super', 'POST', '/api/platform/couriers', {
    name: 'Island Box',
    code: 'ibx',
    email: 'hello@islandbox.test',
    admin: { firstName: 'Omar', lastName: 'Grant', email: 'omar@islandbox.test', password: 'IslandBox#2026' },
  });
  expect(created.statusCode).toBe(201);
  other.courierId = created.json().id;
  tokens.otherAdmin = await tokenFor(t, 'omar@islandbox.test');
  const branch = await call('otherAdmin', 'POST', '/api/branches', { name: 'Ocho Rios', parish: 'St. Ann' });
  expect(branch.statusCode).toBe(201);
  other.branchId = branch.json().id;
  const roles = await call('otherAdmin', 'GET', '/api/roles');
  other.roleId = roles.json().data[0].id;
  const staff = await call('otherAdmin', 'POST', '/api/staff', {
    firstName: 'Keisha',
    lastName: 'Lewis',
    email: 'keisha@islandbox.test',
    password: 'KeishaL#2026',
    role: 'staff',
    roleId: other.roleId,
    branchId: other.branchId,
  });
  expect(staff.statusCode).toBe(201);
  other.staffId = staff.json().id;
  const [otherCustomer] = await t.db
    .insert(customers)
    .values({
      courierId: other.courierId,
      branchId: other.branchId,
      mailboxNumber: 'IBX-10001',
      firstName: 'Dane',
      lastName: 'Morris',
      email: 'dane@example.test',
      passwordHash: 'x',
      accountType: 'business',
      businessName: 'Morris Hardware',
    })
    .returning();
  other.customerId = otherCustomer?.id ?? 0;

  const demoRoles = await call('admin', 'GET', '/api/roles');
  demo.roleId = demoRoles.json().data[0].id;
  const demoStaff = await call('admin', 'GET', '/api/staff?search=tanisha');
  demo.staffId = demoStaff.json().data[0].id;
});
afterAll(async () => t?.close());

describe('who may use each management endpoint', () => {
  const reads = ['/api/branches', '/api/staff', '/api/roles', '/api/customers', '/api/business-customers'];
  it('lets the courier admin, the super admin and the branch manager read every list', async () => {
    for (const who of ['admin', 'super']) {
      for (const url of reads) expect((await call(who, 'GET', url)).statusCode, `${who} ${url}`).toBe(200);
    }
    // The default branch manager role has everything but roles_* and branches_*.
    for (const url of ['/api/staff', '/api/customers', '/api/business-customers'])
      expect((await call('manager', 'GET', url)).statusCode).toBe(200);
    for (const url of ['/api/branches', '/api/roles']) expect((await call('manager', 'GET', url)).statusCode).toBe(403);
  });

  it('refuses staff without the permission and customers everywhere', async () => {
    // The default staff role has customers_view but not staff_view, roles_*, branches_* or customers_business.
    expect((await call('staff', 'GET', '/api/customers')).statusCode).toBe(200);
    for (const url of ['/api/branches', '/api/staff', '/api/roles', '/api/business-customers']) {
      const res = await call('staff', 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(API_MESSAGES.forbidden);
    }
    for (const url of [...reads, '/api/platform/couriers', '/api/platform/settings']) {
      expect((await call('customer', 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('refuses every write to those without the create/edit/delete permission', async () => {
    expect((await call('staff', 'POST', '/api/branches', { name: 'X' })).statusCode).toBe(403);
    expect((await call('manager', 'POST', '/api/branches', { name: 'X' })).statusCode).toBe(403);
    expect((await call('manager', 'POST', '/api/roles', { name: 'X', permissions: ['dashboard_view'] })).statusCode).toBe(403);
    expect((await call('staff', 'PUT', `/api/customers/${demo.customerId}`, {})).statusCode).toBe(403);
    expect((await call('staff', 'PATCH', `/api/staff/${demo.staffId}/status`, { active: false })).statusCode).toBe(403);
    expect((await call('customer', 'DELETE', `/api/roles/${demo.roleId}`)).statusCode).toBe(403);
  });

  it('keeps the platform endpoints to the super admin', async () => {
    for (const who of ['admin', 'manager', 'staff', 'customer']) {
      expect((await call(who, 'GET', '/api/platform/couriers')).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', '/api/platform/settings', {})).statusCode, who).toBe(403);
      expect((await call(who, 'POST', `/api/platform/couriers/${demo.courierId}/api-key`)).statusCode, who).toBe(403);
    }
    expect((await call('super', 'GET', '/api/platform/couriers')).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    for (const url of [...reads, '/api/dashboard', '/api/platform/couriers']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('another courier stays invisible', () => {
  it('answers 404 to the courier admin for another courier’s branch, staff, role and customer', async () => {
    const cases: Array<[string, string, string]> = [
      [`/api/branches/${other.branchId}`, BRANCH_MESSAGES.notFound, 'branch'],
      [`/api/staff/${other.staffId}`, STAFF_MESSAGES.notFound, 'staff'],
      [`/api/roles/${other.roleId}`, ROLE_MESSAGES.notFound, 'role'],
      [`/api/customers/${other.customerId}`, 'Customer not found', 'customer'],
      [`/api/business-customers/${other.customerId}`, 'Customer not found', 'business customer'],
    ];
    for (const [url, message] of cases) {
      const res = await call('admin', 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });

  it('answers 404 to changes of another courier’s records, and changes nothing', async () => {
    expect((await call('admin', 'PUT', `/api/branches/${other.branchId}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/branches/${other.branchId}`)).statusCode).toBe(404);
    expect((await call('admin', 'PUT', `/api/roles/${other.roleId}`, { name: 'Taken', permissions: ['dashboard_view'] })).statusCode).toBe(
      404,
    );
    expect((await call('admin', 'DELETE', `/api/roles/${other.roleId}`)).statusCode).toBe(404);
    expect((await call('admin', 'PATCH', `/api/staff/${other.staffId}/status`, { active: false })).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/api/staff/${other.staffId}/reset-password`, { password: 'Hijacked#2026' })).statusCode).toBe(404);
    expect(
      (
        await call('admin', 'PUT', `/api/customers/${other.customerId}`, {
          accountType: 'individual',
          firstName: 'X',
          lastName: 'Y',
          email: 'x@y.test',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('admin', 'PATCH', `/api/customers/${other.customerId}/status`, { active: false })).statusCode).toBe(404);
    const branch = await call('otherAdmin', 'GET', `/api/branches/${other.branchId}`);
    expect(branch.json().name).toBe('Ocho Rios');
    const staff = await call('otherAdmin', 'GET', `/api/staff/${other.staffId}`);
    expect(staff.json().active).toBe(true);
  });

  it('never lists another courier’s rows, and ignores a courierId from a courier admin', async () => {
    const res = await call('admin', 'GET', `/api/customers?courierId=${other.courierId}&limit=100`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((c: { courierId: number }) => c.courierId === demo.courierId)).toBe(true);
    const staff = await call('admin', 'GET', '/api/staff?limit=100');
    expect(staff.json().data.map((s: { email: string }) => s.email)).not.toContain('keisha@islandbox.test');
  });

  it('refuses a role or branch of another courier when creating staff', async () => {
    const res = await call('admin', 'POST', '/api/staff', {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@jamaicaexpress.test',
      password: 'Password#2026',
      role: 'staff',
      roleId: other.roleId,
      branchId: demo.branchId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAFF_MESSAGES.roleNotFound);
  });

  it("shows every person's role: a courier admin's is their position, which holds every permission", async () => {
    const all = (await call('super', 'GET', '/api/staff?limit=100')).json().data as Array<{
      id: number;
      email: string;
      role: string;
      roleName: string | null;
    }>;
    const byEmail = (email: string) => all.find((s) => s.email === email);
    expect(byEmail('admin@jamaicaexpress.test')).toMatchObject({ role: 'courier_admin', roleName: 'Courier Administrator' });
    expect(byEmail('omar@islandbox.test')).toMatchObject({ role: 'courier_admin', roleName: 'Courier Administrator' });
    expect(byEmail('manager@jamaicaexpress.test')?.roleName).toBe('Branch Manager');
    expect(byEmail('staff@jamaicaexpress.test')?.roleName).toBe('Staff');
    // Sorted and filtered by what the list shows.
    const admins = await call(
      'super',
      'GET',
      `/api/staff?limit=100&sort=roleName&filters=${encodeURIComponent(JSON.stringify({ roleName: 'Courier Administrator' }))}`,
    );
    expect(admins.statusCode, admins.body).toBe(200);
    expect(admins.json().data.map((s: { role: string }) => s.role)).toEqual(['courier_admin', 'courier_admin']);
    const own = (await call('admin', 'GET', `/api/staff/${byEmail('admin@jamaicaexpress.test')?.id}`)).json();
    expect(own.roleName).toBe('Courier Administrator');
  });

  it('lets the super admin see every courier, or one with the courier filter', async () => {
    const all = await call('super', 'GET', '/api/branches?limit=100');
    const ids = new Set(all.json().data.map((b: { courierId: number }) => b.courierId));
    expect(ids).toEqual(new Set([demo.courierId, other.courierId]));
    const one = await call('super', 'GET', `/api/branches?limit=100&courierId=${other.courierId}`);
    expect(one.json().data.map((b: { name: string }) => b.name)).toEqual(['Ocho Rios']);
    expect((await call('super', 'GET', `/api/customers/${other.customerId}`)).statusCode).toBe(200);
    const forCourier = await call('super', 'GET', `/api/customers?courierId=${other.courierId}`);
    expect(forCourier.json().total).toBe(1);
  });
});

describe('a staff member without customers_view', () => {
  it('is refused the customers and can use only what the role grants', async () => {
    const role = await call('admin', 'POST', '/api/roles', { name: 'Front desk', permissions: ['dashboard_view', 'packages_view'] });
    expect(role.statusCode).toBe(201);
    const created = await call('admin', 'POST', '/api/staff', {
      firstName: 'Ricardo',
      lastName: 'Hall',
      email: 'ricardo@jamaicaexpress.test',
      password: 'Ricardo#2026',
      role: 'staff',
      roleId: role.json().id,
      branchId: demo.branchId,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ roleName: 'Front desk', branchName: 'May Pen', active: true });
    tokens.frontDesk = await tokenFor(t, 'ricardo@jamaicaexpress.test');
    const res = await call('frontDesk', 'GET', '/api/customers');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_MESSAGES.forbidden);
    expect((await call('frontDesk', 'GET', `/api/customers/${demo.customerId}`)).statusCode).toBe(403);
    expect((await call('frontDesk', 'GET', '/api/dashboard')).statusCode).toBe(200);
    const dash = await call('frontDesk', 'GET', '/api/dashboard');
    expect(dash.json().cards.map((c: { key: string }) => c.key)).not.toContain('customers');
  });
});

describe('staff management', () => {
  it('creates, deactivates and reactivates, and resets a password', async () => {
    const created = await call('admin', 'POST', '/api/staff', {
      firstName: 'Nadia',
      lastName: 'Clarke',
      email: 'NADIA@jamaicaexpress.test',
      password: 'NadiaC#2026',
      role: 'branch_manager',
      roleId: demo.roleId,
      branchId: demo.branchId,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().email).toBe('nadia@jamaicaexpress.test');
    const dup = await call('admin', 'POST', '/api/staff', { ...(created.json() as Record<string, unknown>), password: 'NadiaC#2026' });
    expect(dup.statusCode).toBe(400); // unknown fields (id, name, ...) are refused by the strict body
    const dupEmail = await call('admin', 'POST', '/api/staff', {
      firstName: 'N',
      lastName: 'C',
      email: 'nadia@jamaicaexpress.test',
      password: 'NadiaC#2026',
      role: 'staff',
      roleId: demo.roleId,
      branchId: demo.branchId,
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(STAFF_MESSAGES.emailTaken);

    const nadia = await tokenFor(t, 'nadia@jamaicaexpress.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(nadia) })).statusCode).toBe(200);
    const off = await call('admin', 'PATCH', `/api/staff/${id}/status`, { active: false });
    expect(off.json().active).toBe(false);
    // A deactivated account's token stops working at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(nadia) })).statusCode).toBe(401);
    expect((await call('admin', 'PATCH', `/api/staff/${id}/status`, { active: true })).json().active).toBe(true);
    const reset = await call('admin', 'POST', `/api/staff/${id}/reset-password`, { password: 'short' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(STAFF_MESSAGES.passwordTooShort);
    expect((await call('admin', 'POST', `/api/staff/${id}/reset-password`, { password: 'NewNadia#2026' })).statusCode).toBe(200);
  });

  it('requires a role and a branch for staff, and keeps courier admins to the super admin', async () => {
    const res = await call('admin', 'POST', '/api/staff', {
      firstName: 'A',
      lastName: 'B',
      email: 'nobranch@jamaicaexpress.test',
      password: 'Password#2026',
      role: 'staff',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ roleId: [STAFF_MESSAGES.roleRequired], branchId: [STAFF_MESSAGES.branchRequired] });
    const admin = await call('admin', 'POST', '/api/staff', {
      firstName: 'A',
      lastName: 'B',
      email: 'newadmin@jamaicaexpress.test',
      password: 'Password#2026',
      role: 'courier_admin',
    });
    expect(admin.statusCode).toBe(403);
    const bySuper = await call('super', 'POST', '/api/staff', {
      firstName: 'A',
      lastName: 'B',
      email: 'newadmin@jamaicaexpress.test',
      password: 'Password#2026',
      role: 'courier_admin',
      courierId: demo.courierId,
    });
    expect(bySuper.statusCode).toBe(201);
  });

  it('refuses to deactivate oneself', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, 'admin@jamaicaexpress.test'));
    const res = await call('admin', 'PATCH', `/api/staff/${me?.id}/status`, { active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAFF_MESSAGES.cannotChangeSelf);
  });
});

describe('roles', () => {
  it('validates permissions and names, and will not delete a role in use', async () => {
    const bad = await call('admin', 'POST', '/api/roles', { name: 'Bad', permissions: ['launch_rockets'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ROLE_MESSAGES.unknownPermission);
    const empty = await call('admin', 'POST', '/api/roles', { name: 'Empty', permissions: [] });
    expect(empty.json().message).toBe(ROLE_MESSAGES.permissionsRequired);
    const dup = await call('admin', 'POST', '/api/roles', { name: 'staff', permissions: ['dashboard_view'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ROLE_MESSAGES.nameTaken);
    const inUse = await call('admin', 'DELETE', `/api/roles/${demo.roleId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(ROLE_MESSAGES.inUse);
    const spare = await call('admin', 'POST', '/api/roles', { name: 'Spare', permissions: ['reports_view', 'reports_view'] });
    expect(spare.json().permissions).toEqual(['reports_view']);
    const edited = await call('admin', 'PUT', `/api/roles/${spare.json().id}`, {
      name: 'Spare',
      permissions: ['reports_view', 'staff_view'],
    });
    expect(edited.json().permissions).toEqual(['reports_view', 'staff_view']);
    expect((await call('admin', 'DELETE', `/api/roles/${spare.json().id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/roles/${spare.json().id}`)).statusCode).toBe(404);
  });

  it('takes effect at once: a permission granted to a role opens the endpoint', async () => {
    const role = await call('admin', 'POST', '/api/roles', { name: 'Grows', permissions: ['dashboard_view'] });
    await call('admin', 'POST', '/api/staff', {
      firstName: 'G',
      lastName: 'R',
      email: 'grows@jamaicaexpress.test',
      password: 'Password#2026',
      role: 'staff',
      roleId: role.json().id,
      branchId: demo.branchId,
    });
    tokens.grows = await tokenFor(t, 'grows@jamaicaexpress.test');
    expect((await call('grows', 'GET', '/api/branches')).statusCode).toBe(403);
    await call('admin', 'PUT', `/api/roles/${role.json().id}`, { name: 'Grows', permissions: ['dashboard_view', 'branches_view'] });
    expect((await call('grows', 'GET', '/api/branches')).statusCode).toBe(200);
  });
});

describe('branches', () => {
  it('creates, edits and deletes a branch; a branch with people is kept', async () => {
    const created = await call('admin', 'POST', '/api/branches', {
      name: 'Mandeville',
      code: 'MAN',
      parish: 'Manchester',
      phone: '876-555-0100',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Mandeville', active: true, staffCount: 0 });
    const edited = await call('admin', 'PUT', `/api/branches/${created.json().id}`, {
      name: 'Mandeville Plaza',
      parish: 'Manchester',
      active: false,
    });
    expect(edited.json()).toMatchObject({ name: 'Mandeville Plaza', active: false });
    expect((await call('admin', 'POST', '/api/branches', { name: '' })).json().message).toBe(BRANCH_MESSAGES.nameRequired);
    expect((await call('admin', 'DELETE', `/api/branches/${created.json().id}`)).statusCode).toBe(200);
    const busy = await call('admin', 'DELETE', `/api/branches/${demo.branchId}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(BRANCH_MESSAGES.inUse);
  });
});

describe('customers', () => {
  it('edits and deactivates a customer; business customers are their own list', async () => {
    const edit = await call('admin', 'PUT', `/api/customers/${demo.customerId}`, {
      accountType: 'business',
      businessName: '',
      firstName: 'Kimberly',
      lastName: 'Williams',
      email: 'customer@example.test',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Business name is required for business accounts');
    expect((await call('admin', 'GET', `/api/business-customers/${demo.customerId}`)).statusCode).toBe(404);
    const ok = await call('admin', 'PUT', `/api/customers/${demo.customerId}`, {
      accountType: 'business',
      businessName: 'Williams Imports',
      firstName: 'Kimberly',
      lastName: 'Williams',
      email: 'customer@example.test',
      parish: 'Clarendon',
      branchId: demo.branchId,
    });
    expect(ok.statusCode).toBe(200);
    const list = await call('admin', 'GET', '/api/business-customers');
    expect(list.json().data.map((c: { businessName: string }) => c.businessName)).toEqual(['Williams Imports']);
    const off = await call('admin', 'PATCH', `/api/customers/${demo.customerId}/status`, { active: false });
    expect(off.json().active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(tokens.customer ?? '') })).statusCode).toBe(401);
    await call('admin', 'PATCH', `/api/customers/${demo.customerId}/status`, { active: true });
  });
});

describe('dashboards', () => {
  it('gives each portal real figures', async () => {
    const admin = (await call('admin', 'GET', '/api/dashboard')).json();
    const byKey = Object.fromEntries(admin.cards.map((c: { key: string; value: number }) => [c.key, c.value]));
    expect(byKey.customers).toBe(1);
    expect(byKey.branches).toBe(2);
    expect(admin.charts.map((c: { key: string }) => c.key)).toContain('new_customers');
    const platform = (await call('super', 'GET', '/api/dashboard')).json();
    const pk = Object.fromEntries(platform.cards.map((c: { key: string; value: number }) => [c.key, c.value]));
    expect(pk.couriers).toBe(2);
    expect(pk.customers).toBe(2);
    const customer = (await call('customer', 'GET', '/api/dashboard')).json();
    expect(customer.mailbox.number).toMatch(/^JXP-\d+$/);
    expect(customer.mailbox.addresses[0]).toMatchObject({ mode: 'AIR' });
    expect(customer.mailbox.addresses[0].lines[0]).toBe(`Kimberly Williams ${customer.mailbox.number}`);
    expect(customer.cards.map((c: { key: string }) => c.key)).not.toContain('customers');
  });
});

describe('platform (super admin)', () => {
  it('edits, suspends and reactivates a courier; a suspended courier cannot work', async () => {
    const detail = await call('super', 'GET', `/api/platform/couriers/${other.courierId}`);
    expect(detail.json()).toMatchObject({
      code: 'IBX',
      branchCount: 1,
      roleCount: 2,
      staffCount: 2,
      customerCount: 1,
      businessCustomerCount: 1,
    });
    expect(detail.json().admins).toEqual([expect.objectContaining({ email: 'omar@islandbox.test' })]);
    const clash = await call('super', 'PUT', `/api/platform/couriers/${other.courierId}`, { name: 'Island Box', code: 'jxp' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Another courier already uses this code');
    const edited = await call('super', 'PUT', `/api/platform/couriers/${other.courierId}`, {
      name: 'Island Box Ltd',
      code: 'IBX',
      phone: '876-555-0199',
    });
    expect(edited.json()).toMatchObject({ name: 'Island Box Ltd', phone: '876-555-0199' });
    await call('super', 'PATCH', `/api/platform/couriers/${other.courierId}/status`, { status: 'suspended' });
    expect((await call('otherAdmin', 'GET', '/api/branches')).statusCode).toBe(401);
    await call('super', 'PATCH', `/api/platform/couriers/${other.courierId}/status`, { status: 'active' });
    expect((await call('otherAdmin', 'GET', '/api/branches')).statusCode).toBe(200);
  });

  it('rotates the api key', async () => {
    const before = (await call('super', 'GET', `/api/platform/couriers/${other.courierId}`)).json().apiKey;
    const after = (await call('super', 'POST', `/api/platform/couriers/${other.courierId}/api-key`)).json().apiKey;
    expect(after).toMatch(/^ck_[A-Za-z0-9_-]{32}$/);
    expect(after).not.toBe(before);
  });

  it('stores the platform settings, never returning the SMTP password, and new couriers take the exchange rate', async () => {
    const empty = (await call('super', 'GET', '/api/platform/settings')).json();
    expect(empty).toEqual({ brandName: 'Courier Portal', brandLogoUrl: null, defaultExchangeRate: 150, smtp: null, environmentSmtp: null });
    const saved = await call('super', 'PUT', '/api/platform/settings', {
      brandName: 'Parcel Platform',
      brandLogoUrl: '',
      defaultExchangeRate: 158,
      smtp: {
        host: 'smtp.example.test',
        port: 587,
        secure: false,
        user: 'mailer',
        password: 'SmtpSecret#1',
        fromEmail: 'no-reply@example.test',
        fromName: 'Parcel Platform',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().smtp).toEqual({
      host: 'smtp.example.test',
      port: 587,
      secure: false,
      user: 'mailer',
      hasPassword: true,
      fromEmail: 'no-reply@example.test',
      fromName: 'Parcel Platform',
    });
    expect(saved.body).not.toContain('SmtpSecret');
    const settings = await t.ctx.mailer.settingsFor(null);
    expect(settings).toMatchObject({ host: 'smtp.example.test', password: 'SmtpSecret#1' });
    const keep = await call('super', 'PUT', '/api/platform/settings', {
      brandName: 'Parcel Platform',
      defaultExchangeRate: 158,
      smtp: {
        host: 'smtp2.example.test',
        port: 465,
        secure: true,
        user: 'mailer',
        password: '',
        fromEmail: 'no-reply@example.test',
        fromName: 'PP',
      },
    });
    expect(keep.json().smtp.hasPassword).toBe(true);
    expect(await t.ctx.mailer.settingsFor(null)).toMatchObject({ host: 'smtp2.example.test', password: 'SmtpSecret#1' });
    const bad = await call('super', 'PUT', '/api/platform/settings', { brandName: 'X', defaultExchangeRate: 0, smtp: null });
    expect(bad.json().message).toBe('Exchange rate must be a whole number from 1 to 10000');
  });
});
