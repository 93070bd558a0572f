import { STAFF_SIDEBAR } from '../constants/permissions';
import { type PermissionSubject, hasPermission, roleName } from './permissions';

/** Redirect rules (after sign-in, route guard) and the portals' homes. */

export const LOGIN_PATHS = ['/login', '/admin/login', '/staff/login', '/superadmin/login'] as const;

export function isLoginPath(path: string): boolean {
  return (LOGIN_PATHS as readonly string[]).includes(stripQuery(path));
}

function stripQuery(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

function hasPrefix(path: string, prefix: string): boolean {
  const p = stripQuery(path);
  return p === prefix || p.startsWith(`${prefix}/`);
}

/** The login page for a path the signed-out user tried to reach. */
export function loginPathFor(path: string): string {
  if (hasPrefix(path, '/superadmin')) return '/superadmin/login';
  if (hasPrefix(path, '/admin')) return '/admin/login';
  if (hasPrefix(path, '/staff')) return '/staff/login';
  return '/login';
}

/** Where the route guard sends a signed-in user whose role a route does not allow. */
export function homeForRole(role: string | undefined): string {
  switch (role) {
    case 'super_admin':
      return '/superadmin';
    case 'courier_admin':
      return '/admin';
    case 'branch_manager':
    case 'staff':
    case 'agent':
      return '/staff';
    case 'customer':
      return '/';
    default:
      return '/login';
  }
}

/** Where a generic sign-in lands when nothing was stored under redirectAfterLogin. */
export function dashboardForRole(role: string | undefined): string {
  switch (role) {
    case 'super_admin':
      return '/superadmin/dashboard';
    case 'courier_admin':
      return '/admin/dashboard';
    default:
      return '/customer/dashboard';
  }
}

/** The stored path wins, unless it is itself a login page. */
export function redirectAfterSignIn(stored: string | null | undefined, role: string | undefined): string {
  if (stored?.startsWith('/') && !stored.startsWith('//') && !isLoginPath(stored)) return stored;
  return dashboardForRole(role);
}

/**
 * Where a branch manager or staff member lands (after sign-in and on /staff): the dashboard when
 * their role grants `dashboard_view`, else the first sidebar screen they may open,
 * else their profile page, which every staff member has.
 */
export function staffLandingPath(user: PermissionSubject | null | undefined): string {
  // The US agent holds no permission: its home is its files.
  if (user && roleName(user) === 'agent') return '/staff/package-import';
  if (hasPermission(user, 'dashboard_view')) return '/staff/dashboard';
  const first = STAFF_SIDEBAR.find((item) => hasPermission(user, item.permission));
  return `/staff/${first?.path ?? 'settings'}`;
}
