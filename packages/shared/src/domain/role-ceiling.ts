import { ALL_PERMISSIONS } from '../constants/permissions';

/**
 * The role ceiling (finding 1): nobody grants a role or permissions beyond their own,
 * nobody changes their own role or permissions, nobody acts on an account whose rights exceed
 * theirs, and a courier keeps at least one active courier administrator. Pure rules; the API
 * services gather the facts and enforce the answer.
 */

export const ROLE_CEILING_MESSAGES = {
  beyondOwnRights: 'You cannot grant a role or permissions beyond your own',
  ownRights: 'You cannot change your own role or permissions',
  targetAbove: 'You cannot change an account with more rights than your own',
  roleAbove: 'You cannot change a role that holds permissions you do not have',
  lastCourierAdmin: 'A courier must keep at least one active courier administrator',
  courierAdminBySuperAdmin: 'Only the super administrator can make someone a courier administrator',
} as const;
export type CeilingRefusal = keyof typeof ROLE_CEILING_MESSAGES;

/** Roles that hold every permission inside their courier: `admin` counts as a courier admin. */
export const COURIER_WIDE_ROLES: readonly string[] = ['courier_admin', 'admin'];

export function isCourierWide(role: string): boolean {
  return COURIER_WIDE_ROLES.includes(role);
}

/** An account's rights: its role kind, its custom role (if any) and the permissions that gives it. */
export interface Rights {
  role: string;
  roleId?: number | null;
  permissions: readonly string[];
}

/** 2 the super admin (above all), 1 courier-wide admins, 0 everyone else. */
export function rank(role: string): number {
  if (role === 'super_admin') return 2;
  return isCourierWide(role) ? 1 : 0;
}

/** The permissions a role kind and its custom role's list give: every one for the super admin and courier-wide roles. */
export function effectivePermissionsOf(role: string, rolePermissions: readonly string[] | null | undefined): string[] {
  return rank(role) > 0 ? [...ALL_PERMISSIONS] : [...(rolePermissions ?? [])];
}

/** Whether `a` holds anything `b` does not: a higher role kind, or a permission `b` lacks. */
export function exceeds(a: Rights, b: Rights): boolean {
  if (rank(a.role) !== rank(b.role)) return rank(a.role) > rank(b.role);
  const held = new Set(b.permissions);
  return a.permissions.some((p) => !held.has(p));
}

export interface StaffChange {
  actor: Rights & { id: number };
  /** The account acted on; absent when creating one. */
  target?: Rights & { id: number; active: boolean };
  /** The rights the account gets (create, update); absent for a password reset or status change. */
  next?: Rights;
  /** True when the change deactivates the account. */
  deactivate?: boolean;
  /** Active courier-wide admins of the target's courier other than the target. */
  otherActiveCourierAdmins?: number;
}

/** Why a change to a staff-side account is refused, or null when it may go ahead. */
export function staffChangeRefusal(change: StaffChange): CeilingRefusal | null {
  const { actor, target, next } = change;
  if (target && next && target.id === actor.id && (next.role !== target.role || (next.roleId ?? null) !== (target.roleId ?? null))) {
    return 'ownRights';
  }
  if (target && exceeds(target, actor)) return 'targetAbove';
  if (next && exceeds(next, actor)) return 'beyondOwnRights';
  const demoted = change.deactivate === true || (next !== undefined && !isCourierWide(next.role));
  if (target && isCourierWide(target.role) && target.active && demoted && (change.otherActiveCourierAdmins ?? 0) === 0) {
    return 'lastCourierAdmin';
  }
  return null;
}

export interface RoleChange {
  actor: Rights;
  /** The custom role edited or deleted; absent when creating one. */
  role?: { id: number; permissions: readonly string[] };
  /** The permission list the role gets (create, update). */
  nextPermissions?: readonly string[];
}

/** Why a change to a custom role is refused, or null when it may go ahead. */
export function roleChangeRefusal(change: RoleChange): CeilingRefusal | null {
  const { actor, role, nextPermissions } = change;
  // The role one holds is one's own permissions; a courier-wide admin's rights do not come from it.
  if (role && rank(actor.role) === 0 && actor.roleId === role.id) return 'ownRights';
  const asRights = (permissions: readonly string[]): Rights => ({ role: 'staff', permissions });
  if (role && exceeds(asRights(role.permissions), actor)) return 'roleAbove';
  if (nextPermissions && exceeds(asRights(nextPermissions), actor)) return 'beyondOwnRights';
  return null;
}
