import { useLocation } from 'react-router';

export type Portal = 'customer' | 'admin' | 'staff' | 'superadmin';

/** Which portal a shared billing page is shown in, from its path. */
export function portalOf(pathname: string): Portal {
  if (pathname.startsWith('/superadmin')) return 'superadmin';
  if (pathname.startsWith('/admin') || pathname.startsWith('/courier/admin')) return 'admin';
  if (pathname.startsWith('/staff')) return 'staff';
  return 'customer';
}

export function usePortal(): Portal {
  return portalOf(useLocation().pathname);
}
