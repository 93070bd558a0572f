import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '@courier/shared/schemas/roles';
import { withOrganisationWorld } from '../../../test/fixtures/organisation';
import { tokenFor } from '../../../test/helper';

const { world, call } = withOrganisationWorld();

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
    const inUse = await call('admin', 'DELETE', `/api/roles/${world().demo.roleId}`);
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
      branchId: world().demo.branchId,
    });
    world().tokens.grows = await tokenFor(world().t, 'grows@jamaicaexpress.test');
    expect((await call('grows', 'GET', '/api/branches')).statusCode).toBe(403);
    await call('admin', 'PUT', `/api/roles/${role.json().id}`, { name: 'Grows', permissions: ['dashboard_view', 'branches_view'] });
    expect((await call('grows', 'GET', '/api/branches')).statusCode).toBe(200);
  });
});
