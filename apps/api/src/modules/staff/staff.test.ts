import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@courier/shared/schemas/staff';
import { users } from '../../db/schema/users';
import { withOrganisationWorld } from '../../../test/fixtures/organisation';
import { tokenFor } from '../../../test/helper';

const { world, call } = withOrganisationWorld();

describe('staff management', () => {
  it('creates, deactivates and reactivates, and resets a password', async () => {
    const created = await call('admin', 'POST', '/api/staff', {
      firstName: 'Nadia',
      lastName: 'Clarke',
      email: 'NADIA@jamaicaexpress.test',
      password: 'NadiaC#2026',
      role: 'branch_manager',
      roleId: world().demo.roleId,
      branchId: world().demo.branchId,
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
      roleId: world().demo.roleId,
      branchId: world().demo.branchId,
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(STAFF_MESSAGES.emailTaken);

    const nadia = await tokenFor(world().t, 'nadia@jamaicaexpress.test');
    expect((await world().t.api('GET', '/dashboard', nadia)).statusCode).toBe(200);
    const off = await call('admin', 'PATCH', `/api/staff/${id}/status`, { active: false });
    expect(off.json().active).toBe(false);
    // A deactivated account's token stops working at once.
    expect((await world().t.api('GET', '/dashboard', nadia)).statusCode).toBe(401);
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
      courierId: world().demo.courierId,
    });
    expect(bySuper.statusCode).toBe(201);
  });

  it('refuses to deactivate oneself', async () => {
    const [me] = await world().t.db.select().from(users).where(eq(users.email, 'admin@jamaicaexpress.test'));
    const res = await call('admin', 'PATCH', `/api/staff/${me?.id}/status`, { active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAFF_MESSAGES.cannotChangeSelf);
  });
});
