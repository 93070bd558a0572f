import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@courier/shared/constants/roles';
import { homeForRole, isLoginPath, loginPathFor } from '@courier/shared/domain/redirects';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { keepApiKey } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { redirectStore } from '@/lib/storage';

interface RequireAuthProps {
  /** The roles this route lets in; anyone else goes to their own home. */
  allow: readonly Role[];
  /** The protected content; without it the nested routes render through <Outlet />. */
  children?: ReactNode;
}

/**
 * The route guard: checks the session (full-screen spinner meanwhile); signed out,
 * it stores the intended path under redirectAfterLogin and goes to the login page for the path's
 * prefix (never from a login page); signed in with another role, it goes to that role's home.
 * Either way the URL's api_key goes along, so an embedded courier's visitor stays with that courier.
 */
export function RequireAuth({ allow, children }: RequireAuthProps) {
  const { check, loading, isAuthenticated, userType } = useSession();
  const location = useLocation();

  // Each navigation to a protected page re-checks (the session skips it within 5 s of the last).
  const path = location.pathname;
  useEffect(() => {
    if (path) void check();
  }, [check, path]);

  if (loading) return <FullScreenSpinner />;
  if (!isAuthenticated) {
    if (isLoginPath(location.pathname)) return children ?? <Outlet />;
    redirectStore.set(location.pathname + location.search + location.hash);
    return <Navigate to={keepApiKey(loginPathFor(location.pathname), location.search)} replace />;
  }
  if (!userType || !allow.includes(userType))
    return <Navigate to={keepApiKey(homeForRole(userType ?? undefined), location.search)} replace />;
  return children ?? <Outlet />;
}
