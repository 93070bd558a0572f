import type { Role } from '../constants/roles';

/** A permission as the API may send it: a name, or an object carrying the name. */
export type PermissionLike = string | { name: string };

export interface PermissionSubject {
  role: Role | string | { name: string; permissions?: PermissionLike[] } | null | undefined;
  permissions?: PermissionLike[] | null;
}

export function roleName(subject: Pick<PermissionSubject, 'role'>): string | undefined {
  const { role } = subject;
  if (!role) return undefined;
  return typeof role === 'string' ? role : role.name;
}

export function normalisePermissions(list: PermissionLike[] | null | undefined): string[] {
  return (list ?? []).map((p) => (typeof p === 'string' ? p : p.name));
}

/** The user's own list when present, else their role's list. */
export function effectivePermissions(subject: PermissionSubject): string[] {
  if (subject.permissions && subject.permissions.length > 0) return normalisePermissions(subject.permissions);
  const role = subject.role;
  if (role && typeof role === 'object') return normalisePermissions(role.permissions);
  return [];
}

/** super_admin passes every check. */
export function hasPermission(subject: PermissionSubject | null | undefined, permission: string): boolean {
  if (!subject) return false;
  if (roleName(subject) === 'super_admin') return true;
  return effectivePermissions(subject).includes(permission);
}

export function hasAnyPermission(subject: PermissionSubject | null | undefined, permissions: string[]): boolean {
  return permissions.some((p) => hasPermission(subject, p));
}

export function hasAllPermissions(subject: PermissionSubject | null | undefined, permissions: string[]): boolean {
  return permissions.every((p) => hasPermission(subject, p));
}

export function hasModuleAction(subject: PermissionSubject | null | undefined, module: string, action: string): boolean {
  return hasPermission(subject, `${module}_${action}`);
}

export function hasRole(subject: Pick<PermissionSubject, 'role'> | null | undefined, ...roles: string[]): boolean {
  if (!subject) return false;
  const name = roleName(subject);
  return name !== undefined && roles.includes(name);
}
