import { useLocation } from 'react-router';
import { hasPermission } from '@courier/shared/domain/permissions';
import { useSession } from '@/lib/session';

export type Portal = 'customer' | 'admin' | 'staff' | 'superadmin';
export type PortalBase = '/superadmin' | '/admin' | '/staff';

/** Which portal a page is shown in, from its path. */
export function portalOf(pathname: string): Portal {
  if (pathname.startsWith('/superadmin')) return 'superadmin';
  if (pathname.startsWith('/admin') || pathname.startsWith('/courier/admin')) return 'admin';
  if (pathname.startsWith('/staff')) return 'staff';
  return 'customer';
}

/**
 * The portal a shared page is shown in: its name, where the shared management pages are mounted,
 * and what the signed-in person may do there.
 */
export function usePortal() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const portal = portalOf(pathname);
  const base: PortalBase = pathname.startsWith('/superadmin') ? '/superadmin' : pathname.startsWith('/admin') ? '/admin' : '/staff';
  return {
    portal,
    base,
    user,
    isSuperAdmin: user?.role.name === 'super_admin',
    can: (permission: string) => hasPermission(user, permission),
  };
}
