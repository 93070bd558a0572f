import { describe, expect, it } from 'vitest';
import type { Role } from '@courier/shared/constants/roles';
import type { SessionUser } from '@/lib/session';
import { accountLinks } from './account-links';

function user(role: Role, permissions: string[] = []): SessionUser {
  return {
    id: 1,
    kind: role === 'customer' ? 'customer' : 'user',
    firstName: 'A',
    lastName: 'B',
    first_name: 'A',
    last_name: 'B',
    email: 'a@b.test',
    username: null,
    avatarUrl: null,
    phone: null,
    role: { name: role, permissions },
    permissions,
    courier: null,
    branch: null,
    impersonated: false,
    timeZone: 'America/Jamaica',
  };
}

const table = (role: Role, permissions?: string[]) => accountLinks(user(role, permissions), role).map((l) => `${l.label} ${l.to}`);

describe('the navbar user menu leads to the person’s own portal', () => {
  it('customer', () => {
    expect(table('customer')).toEqual(['Dashboard /customer/dashboard', 'Packages /customer/packages', 'Profile /customer/profile']);
  });
  it('courier admin gets the Admin Panel too', () => {
    expect(table('courier_admin')).toEqual([
      'Dashboard /admin/dashboard',
      'Packages /admin/packages',
      'Profile /admin/settings',
      'Admin Panel /admin/dashboard',
    ]);
  });
  it('admin gets the Admin Panel', () => {
    expect(table('admin')).toContain('Admin Panel /admin/dashboard');
  });
  it('staff: packages only with packages_view, never the Admin Panel', () => {
    expect(table('staff', ['packages_view'])).toEqual([
      'Dashboard /staff/dashboard',
      'Packages /staff/packages',
      'Profile /staff/settings',
    ]);
    expect(table('branch_manager', [])).toEqual(['Dashboard /staff/dashboard', 'Profile /staff/settings']);
  });
  it('super admin', () => {
    expect(table('super_admin')).toEqual([
      'Dashboard /superadmin/dashboard',
      'Packages /superadmin/packages',
      'Profile /superadmin/settings',
    ]);
  });
});
