import { describe, expect, it } from 'vitest';
import { BRANCH_MESSAGES } from '@courier/shared/schemas/branches';
import { ROLE_MESSAGES } from '@courier/shared/schemas/roles';
import { STAFF_MESSAGES } from '@courier/shared/schemas/staff';
import { API_MESSAGES } from '@courier/shared/messages';
import { withOrganisationWorld } from './fixtures/organisation';
import { tokenFor } from './helper';

/** Across the organisation's records: who may use each list, and another courier's rows stay out of reach. */
const { world, call } = withOrganisationWorld();

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
    expect((await call('staff', 'PUT', `/api/customers/${world().demo.customerId}`, {})).statusCode).toBe(403);
    expect((await call('staff', 'PATCH', `/api/staff/${world().demo.staffId}/status`, { active: false })).statusCode).toBe(403);
    expect((await call('customer', 'DELETE', `/api/roles/${world().demo.roleId}`)).statusCode).toBe(403);
  });

  it('keeps the platform endpoints to the super admin', async () => {
    for (const who of ['admin', 'manager', 'staff', 'customer']) {
      expect((await call(who, 'GET', '/api/platform/couriers')).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', '/api/platform/settings', {})).statusCode, who).toBe(403);
      expect((await call(who, 'POST', `/api/platform/couriers/${world().demo.courierId}/api-key`)).statusCode, who).toBe(403);
    }
    expect((await call('super', 'GET', '/api/platform/couriers')).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    for (const url of [...reads, '/api/dashboard', '/api/platform/couriers']) {
      expect((await world().t.api({ method: 'GET', path: url })).statusCode, url).toBe(401);
    }
  });
});

describe('another courier stays invisible', () => {
  it('answers 404 to the courier admin for another courier’s branch, staff, role and customer', async () => {
    const cases: Array<[string, string, string]> = [
      [`/api/branches/${world().other.branchId}`, BRANCH_MESSAGES.notFound, 'branch'],
      [`/api/staff/${world().other.staffId}`, STAFF_MESSAGES.notFound, 'staff'],
      [`/api/roles/${world().other.roleId}`, ROLE_MESSAGES.notFound, 'role'],
      [`/api/customers/${world().other.customerId}`, 'Customer not found', 'customer'],
      [`/api/business-customers/${world().other.customerId}`, 'Customer not found', 'business customer'],
    ];
    for (const [url, message] of cases) {
      const res = await call('admin', 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });

  it('answers 404 to changes of another courier’s records, and changes nothing', async () => {
    expect((await call('admin', 'PUT', `/api/branches/${world().other.branchId}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/branches/${world().other.branchId}`)).statusCode).toBe(404);
    expect(
      (await call('admin', 'PUT', `/api/roles/${world().other.roleId}`, { name: 'Taken', permissions: ['dashboard_view'] })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `/api/roles/${world().other.roleId}`)).statusCode).toBe(404);
    expect((await call('admin', 'PATCH', `/api/staff/${world().other.staffId}/status`, { active: false })).statusCode).toBe(404);
    expect(
      (await call('admin', 'POST', `/api/staff/${world().other.staffId}/reset-password`, { password: 'Hijacked#2026' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('admin', 'PUT', `/api/customers/${world().other.customerId}`, {
          accountType: 'individual',
          firstName: 'X',
          lastName: 'Y',
          email: 'x@y.test',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('admin', 'PATCH', `/api/customers/${world().other.customerId}/status`, { active: false })).statusCode).toBe(404);
    const branch = await call('otherAdmin', 'GET', `/api/branches/${world().other.branchId}`);
    expect(branch.json().name).toBe('Ocho Rios');
    const staff = await call('otherAdmin', 'GET', `/api/staff/${world().other.staffId}`);
    expect(staff.json().active).toBe(true);
  });

  it('never lists another courier’s rows, and ignores a courierId from a courier admin', async () => {
    const res = await call('admin', 'GET', `/api/customers?courierId=${world().other.courierId}&limit=100`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((c: { courierId: number }) => c.courierId === world().demo.courierId)).toBe(true);
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
      roleId: world().other.roleId,
      branchId: world().demo.branchId,
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
    expect(ids).toEqual(new Set([world().demo.courierId, world().other.courierId]));
    const one = await call('super', 'GET', `/api/branches?limit=100&courierId=${world().other.courierId}`);
    expect(one.json().data.map((b: { name: string }) => b.name)).toEqual(['Ocho Rios']);
    expect((await call('super', 'GET', `/api/customers/${world().other.customerId}`)).statusCode).toBe(200);
    const forCourier = await call('super', 'GET', `/api/customers?courierId=${world().other.courierId}`);
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
      branchId: world().demo.branchId,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ roleName: 'Front desk', branchName: 'May Pen', active: true });
    world().tokens.frontDesk = await tokenFor(world().t, 'ricardo@jamaicaexpress.test');
    const res = await call('frontDesk', 'GET', '/api/customers');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_MESSAGES.forbidden);
    expect((await call('frontDesk', 'GET', `/api/customers/${world().demo.customerId}`)).statusCode).toBe(403);
    expect((await call('frontDesk', 'GET', '/api/dashboard')).statusCode).toBe(200);
    const dash = await call('frontDesk', 'GET', '/api/dashboard');
    expect(dash.json().cards.map((c: { key: string }) => c.key)).not.toContain('customers');
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
