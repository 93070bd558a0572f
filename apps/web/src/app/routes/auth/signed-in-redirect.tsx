import { type ComponentType, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dashboardForRole } from '@courier/shared/domain/redirects';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useHydrated } from '@/lib/hydration';
import { useSession } from '@/lib/session';

/**
 * A sign-in or registration page opened by someone already signed in sends them to their own
 * dashboard instead of showing the form again. Decided once, when the session is known: a sign-in
 * made on the page itself goes where the page sends it (a remembered deep link). An
 * impersonation link (`?token=`) is opened while the super admin is signed in and must be exchanged.
 */
export function withSignedInRedirect(Page: ComponentType): ComponentType {
  return function SignedInRedirect() {
    const { user, userType, loading } = useSession();
    const { search } = useLocation();
    const arrivedSignedIn = useRef<boolean | null>(null);
    const hydrated = useHydrated();
    // The pre-rendered form first (server and hydration: the session is not known there), then the decision.
    if (!hydrated || new URLSearchParams(search).has('token')) return <Page />;
    if (arrivedSignedIn.current === null) {
      if (loading) return <FullScreenSpinner />;
      arrivedSignedIn.current = user !== null;
    }
    if (arrivedSignedIn.current && userType) return <Navigate to={dashboardForRole(userType)} replace />;
    return <Page />;
  };
}
