import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { staffLandingPath } from '@courier/shared/domain/redirects';
import type { StaffLoginResponse } from '@courier/shared/schemas/auth';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import type { TwoFactorChallenge } from '@courier/shared/schemas/two-factor';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { confirmTokenStored, takeRedirect } from '@/features/auth/after-sign-in';
import { type StaffSidePortal, exchangeImpersonationToken, signInStaffSide } from '@/features/auth/api/sign-in';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { LoginForm } from '@/features/auth/components/login-form';
import { verifyStaffSecondStep } from '@/features/auth/api/two-factor';
import { TwoFactorStep } from '@/features/auth/components/two-factor-step';
import { PageTitle } from '@/app/page-title';
import { DEFAULT_BRAND } from '@/features/public/api/get-courier-brand';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { decodeToken } from '@/lib/storage';

const PAGES: Record<StaffSidePortal, { title: string; loginPath: string; home: string; subtitle: string }> = {
  admin: { title: 'Admin Login', loginPath: paths.adminLogin, home: paths.admin.dashboard, subtitle: 'Sign in to manage your courier' },
  staff: { title: 'Staff Login', loginPath: paths.staffLogin, home: paths.staff.dashboard, subtitle: 'Sign in to your branch workspace' },
  superadmin: {
    title: 'Super Admin Login',
    loginPath: paths.superadminLogin,
    home: paths.superadmin.dashboard,
    subtitle: 'Platform administration',
  },
};

function StaffSideLogin({ portal }: { portal: StaffSidePortal }) {
  const page = PAGES[portal];
  // The courier's own sign-in pages carry its brand, as their title does; the super admin's is the platform's.
  const { site, loading } = usePublicSite();
  const brand =
    portal === 'superadmin' || loading
      ? DEFAULT_BRAND
      : { name: site.courier.name || DEFAULT_BRAND.name, logoUrl: site.courier.logoUrl || DEFAULT_BRAND.logoUrl };
  const { login } = useSession();
  const navigate = useNavigate();

  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  async function signIn(email: string, password: string, remember: boolean) {
    let result: Awaited<ReturnType<typeof signInStaffSide>>;
    try {
      result = await signInStaffSide(portal, email, password, remember);
    } catch (error) {
      throw new Error(error instanceof Error && error.message ? error.message : AUTH_MESSAGES.loginError);
    }
    // A correct password with two-step sign-in on: the second screen asks for the code.
    if ('twoFactor' in result) {
      setChallenge(result);
      return;
    }
    await finish(result);
  }

  async function finish(result: StaffLoginResponse) {
    if (!result.token) throw new Error(AUTH_MESSAGES.noToken);
    if (portal === 'superadmin' && result.user.role.name !== 'super_admin') {
      throw new Error(AUTH_MESSAGES.noPermissionArea);
    }
    await login(result.token);
    await confirmTokenStored();
    // A staff role without the dashboard lands on its first permitted screen.
    const home = portal === 'staff' ? staffLandingPath(result.user) : page.home;
    navigate(takeRedirect(page.loginPath, home), { replace: true });
  }

  return (
    <AuthShell brand={brand} title={page.title} subtitle={page.subtitle}>
      <PageTitle path={page.loginPath} />
      {challenge ? (
        <TwoFactorStep challenge={challenge} verify={verifyStaffSecondStep} onSignedIn={finish} onBack={() => setChallenge(null)} />
      ) : (
        <LoginForm onSignIn={signIn} withExtras={portal !== 'superadmin'} />
      )}
    </AuthShell>
  );
}

/** The token must be of type impersonation and unexpired before it is exchanged. */
function impersonationProblem(token: string): string | null {
  const payload = decodeToken(token);
  if (!payload) return AUTH_MESSAGES.invalidOrExpiredToken;
  if (payload.type !== 'impersonation') return AUTH_MESSAGES.invalidTokenType;
  if (!payload.exp || payload.exp * 1000 <= Date.now()) return AUTH_MESSAGES.tokenExpired;
  return null;
}

/** /admin/login, with the impersonation login when the URL carries ?token=. */
export function AdminLoginPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [exchanging, setExchanging] = useState(token !== null);
  const started = useRef(false);
  const { login } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!token || started.current) return;
    // The token works once: never send it twice (React may run effects twice in development).
    started.current = true;
    const stripToken = () => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('token');
          return next;
        },
        { replace: true },
      );
      setExchanging(false);
    };
    const problem = impersonationProblem(token);
    if (problem) {
      toast.error(problem);
      stripToken();
      return;
    }
    void (async () => {
      try {
        const result = await exchangeImpersonationToken(token);
        // This tab only: the super admin's own session (local storage, other tabs) is left as it is.
        await login(result.token, { tabOnly: true });
        await confirmTokenStored();
        toast.success(AUTH_MESSAGES.impersonationSuccess);
        navigate(paths.admin.dashboard, { replace: true });
      } catch (error) {
        toast.error(
          error instanceof ApiError && error.status === 401 ? AUTH_MESSAGES.impersonationInvalid : AUTH_MESSAGES.impersonationFailed,
        );
        stripToken();
      }
    })();
  }, [token, login, navigate, setParams]);

  if (exchanging) return <FullScreenSpinner />;
  return <StaffSideLogin portal="admin" />;
}

export function StaffLoginPage() {
  return <StaffSideLogin portal="staff" />;
}

export function SuperAdminLoginPage() {
  return <StaffSideLogin portal="superadmin" />;
}
