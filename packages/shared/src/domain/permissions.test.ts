import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, STAFF_SIDEBAR, isPermission } from '../constants/permissions';
import { effectivePermissions, hasAllPermissions, hasAnyPermission, hasModuleAction, hasPermission, hasRole } from './permissions';

const staffWithOwnList = { role: 'staff', permissions: ['packages_view', { name: 'packages_scan' }] };
const staffByRole = { role: { name: 'staff', permissions: [{ name: 'invoices_view' }, 'payments_view'] } };
const superAdmin = { role: 'super_admin' };

describe('permission checks', () => {
  it('super_admin passes every check', () => {
    expect(hasPermission(superAdmin, 'anything_at_all')).toBe(true);
    expect(hasAllPermissions(superAdmin, ['a_b', 'c_d'])).toBe(true);
  });
  it('uses the user list, names or objects', () => {
    expect(hasPermission(staffWithOwnList, 'packages_scan')).toBe(true);
    expect(hasPermission(staffWithOwnList, 'invoices_view')).toBe(false);
  });
  it("falls back to the role's list", () => {
    expect(effectivePermissions(staffByRole)).toEqual(['invoices_view', 'payments_view']);
    expect(hasPermission(staffByRole, 'payments_view')).toBe(true);
  });
  it('any-of, all-of, module_action and role', () => {
    expect(hasAnyPermission(staffWithOwnList, ['x_y', 'packages_view'])).toBe(true);
    expect(hasAnyPermission(staffWithOwnList, ['x_y'])).toBe(false);
    expect(hasAllPermissions(staffWithOwnList, ['packages_view', 'packages_scan'])).toBe(true);
    expect(hasAllPermissions(staffWithOwnList, ['packages_view', 'x_y'])).toBe(false);
    expect(hasModuleAction(staffWithOwnList, 'packages', 'scan')).toBe(true);
    expect(hasRole(staffByRole, 'staff', 'branch_manager')).toBe(true);
    expect(hasRole(staffByRole, 'courier_admin')).toBe(false);
  });
  it('nobody signed in passes nothing', () => {
    expect(hasPermission(null, 'packages_view')).toBe(false);
  });
});

describe('permission names', () => {
  it('all follow module_action and are unique', () => {
    for (const p of ALL_PERMISSIONS) expect(p).toMatch(/^[a-z]+(_[a-z]+)*_[a-z]+$/);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
  it('every staff sidebar item uses a known permission, in the fixed order', () => {
    for (const item of STAFF_SIDEBAR) expect(isPermission(item.permission)).toBe(true);
    expect(STAFF_SIDEBAR.map((i) => i.label)).toEqual([
      'Dashboard',
      'Scan',
      'Packages',
      'Customers',
      'Business Customers',
      'Staff',
      'Reports',
      'Packages Delivery Request',
      'Unknown Packages',
      'Maniefest',
      // Reconciliation comes after Maniefest: the fixed list has no place for reconciliation.
      'Reconciliation',
      'Invoices',
      'Payments',
      'Uncollected',
      'Support Tickets',
      'Signature',
      'Settings',
    ]);
  });
});
