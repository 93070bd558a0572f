import { useLocation } from 'react-router';
import { hasPermission } from '@courier/shared/domain/permissions';
import { useSession } from '@/lib/session';

export type PortalBase = '/superadmin' | '/admin' | '/staff';

/** Where the shared management pages are mounted, and what the signed-in person may do there. */
export function usePortal() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const base: PortalBase = pathname.startsWith('/superadmin') ? '/superadmin' : pathname.startsWith('/admin') ? '/admin' : '/staff';
  return {
    base,
    user,
    isSuperAdmin: user?.role.name === 'super_admin',
    can: (permission: string) => hasPermission(user, permission),
  };
}
