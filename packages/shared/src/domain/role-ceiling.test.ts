import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, DEFAULT_BRANCH_MANAGER_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS } from '../constants/permissions';
import { type CeilingRefusal, type Rights, exceeds, roleChangeRefusal, staffChangeRefusal } from './role-ceiling';

const all = [...ALL_PERMISSIONS];
const superAdmin = { id: 1, role: 'super_admin', permissions: all };
const courierAdmin = { id: 2, role: 'courier_admin', permissions: all };
const generalAdmin = { id: 3, role: 'admin', permissions: all };
const manager = { id: 4, role: 'branch_manager', roleId: 10, permissions: [...DEFAULT_BRANCH_MANAGER_PERMISSIONS] };
const staff = { id: 5, role: 'staff', roleId: 11, permissions: [...DEFAULT_STAFF_PERMISSIONS] };
/** A custom role holding settings and role rights the manager lacks. */
const powerRole: Rights = { role: 'staff', roleId: 12, permissions: ['settings_edit', 'roles_create', 'roles_edit'] };
const active = <T extends Rights & { id: number }>(r: T) => ({ ...r, active: true });

describe('exceeds', () => {
  it.each<[string, Rights, Rights, boolean]>([
    ['super admin over courier admin', superAdmin, courierAdmin, true],
    ['courier admin over super admin', courierAdmin, superAdmin, false],
    ['admin equals courier admin', generalAdmin, courierAdmin, false],
    ['courier admin over a manager', courierAdmin, manager, true],
    ['manager over a courier admin', manager, courierAdmin, false],
    ['staff with every permission is still below a courier admin', { role: 'staff', permissions: all }, courierAdmin, false],
    ['a courier admin is above staff holding every permission', courierAdmin, { role: 'staff', permissions: all }, true],
    ['a custom role with settings_edit over a manager', powerRole, manager, true],
    ['staff under a manager', staff, manager, false],
    ['equal sets', manager, { ...manager, id: 9 }, false],
  ])('%s', (_, a, b, expected) => expect(exceeds(a, b)).toBe(expected));
});

describe('staffChangeRefusal', () => {
  it.each<[string, Parameters<typeof staffChangeRefusal>[0], CeilingRefusal | null]>([
    ['a manager gives himself a stronger role', { actor: manager, target: active(manager), next: powerRole }, 'ownRights'],
    ['a manager changes his own role even to a weaker one', { actor: manager, target: active(manager), next: staff }, 'ownRights'],
    ['a manager edits his own name (rights unchanged)', { actor: manager, target: active(manager), next: manager }, null],
    ['a manager creates an account with a stronger role', { actor: manager, next: powerRole }, 'beyondOwnRights'],
    ['a manager creates a courier admin', { actor: manager, next: { role: 'courier_admin', permissions: all } }, 'beyondOwnRights'],
    ['a manager creates staff', { actor: manager, next: staff }, null],
    ['a manager resets an admin password', { actor: manager, target: active(generalAdmin) }, 'targetAbove'],
    ['a manager resets a courier admin password', { actor: manager, target: active(courierAdmin) }, 'targetAbove'],
    ['a manager resets a staff password', { actor: manager, target: active(staff) }, null],
    ['a manager gives staff a stronger role', { actor: manager, target: active(staff), next: powerRole }, 'beyondOwnRights'],
    ['staff acts on a manager', { actor: staff, target: active(manager) }, 'targetAbove'],
    [
      'a courier admin demotes the last courier admin',
      { actor: courierAdmin, target: active({ ...courierAdmin, id: 7 }), next: staff, otherActiveCourierAdmins: 0 },
      'lastCourierAdmin',
    ],
    [
      'a courier admin demotes one of two courier admins',
      { actor: courierAdmin, target: active({ ...courierAdmin, id: 7 }), next: staff, otherActiveCourierAdmins: 1 },
      null,
    ],
    [
      'the super admin deactivates the last courier admin',
      { actor: superAdmin, target: active(courierAdmin), deactivate: true, otherActiveCourierAdmins: 0 },
      'lastCourierAdmin',
    ],
    [
      'the super admin deactivates one of two',
      { actor: superAdmin, target: active(courierAdmin), deactivate: true, otherActiveCourierAdmins: 1 },
      null,
    ],
    ['the super admin resets an admin password', { actor: superAdmin, target: active(generalAdmin) }, null],
    ['a courier admin resets an admin password', { actor: courierAdmin, target: active(generalAdmin) }, null],
    ['a courier admin gives staff any role', { actor: courierAdmin, target: active(staff), next: powerRole }, null],
  ])('%s', (_, change, expected) => expect(staffChangeRefusal(change)).toBe(expected));
});

describe('roleChangeRefusal', () => {
  it.each<[string, Parameters<typeof roleChangeRefusal>[0], CeilingRefusal | null]>([
    ['a manager creates a role with settings_edit', { actor: manager, nextPermissions: ['settings_edit'] }, 'beyondOwnRights'],
    ['a manager creates a role within his rights', { actor: manager, nextPermissions: ['packages_view'] }, null],
    [
      'a manager edits his own role',
      { actor: manager, role: { id: 10, permissions: manager.permissions }, nextPermissions: ['packages_view'] },
      'ownRights',
    ],
    [
      'a manager edits a role holding settings_edit',
      { actor: manager, role: { id: 12, permissions: powerRole.permissions }, nextPermissions: ['packages_view'] },
      'roleAbove',
    ],
    ['a manager deletes a role within his rights', { actor: manager, role: { id: 11, permissions: staff.permissions } }, null],
    ['a courier admin grants anything', { actor: courierAdmin, role: { id: 10, permissions: [] }, nextPermissions: all }, null],
    ['the super admin grants anything', { actor: superAdmin, nextPermissions: all }, null],
  ])('%s', (_, change, expected) => expect(roleChangeRefusal(change)).toBe(expected));
});
