import type { Role } from '@courier/shared/constants/roles';
import { hasPermission } from '@courier/shared/domain/permissions';
import { paths } from '@/lib/paths';
import type { SessionUser } from '@/lib/session';

export interface AccountLink {
  label: string;
  to: string;
}

/** The portal behind the navbar's Dashboard, Packages and Profile for each role. */
function portalOf(role: Role) {
  switch (role) {
    case 'super_admin':
      return { dashboard: paths.superadmin.dashboard, packages: paths.superadmin.packages, profile: paths.superadmin.settings };
    case 'courier_admin':
    case 'admin':
      return { dashboard: paths.admin.dashboard, packages: paths.admin.packages, profile: paths.admin.settings };
    case 'branch_manager':
    case 'staff':
      return { dashboard: paths.staff.dashboard, packages: paths.staff.packages, profile: paths.staff.settings };
    default:
      return { dashboard: paths.customer.dashboard, packages: paths.customer.packages, profile: paths.customer.profile };
  }
}

/**
 * The signed-in user menu: /dashboard, /packages and /profile lead to the person's own
 * portal pages, and Admin Panel appears for admin and courier_admin. Staff without the packages
 * permission are not offered a page their portal would refuse.
 */
export function accountLinks(user: SessionUser, role: Role): AccountLink[] {
  const portal = portalOf(role);
  const links: AccountLink[] = [{ label: 'Dashboard', to: portal.dashboard }];
  const isBranchRole = role === 'branch_manager' || role === 'staff';
  if (!isBranchRole || hasPermission(user, 'packages_view')) links.push({ label: 'Packages', to: portal.packages });
  links.push({ label: 'Profile', to: portal.profile });
  if (role === 'admin' || role === 'courier_admin') links.push({ label: 'Admin Panel', to: paths.admin.dashboard });
  return links;
}
