import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { redeemHandoffCode } from '@/features/auth/api/handoff';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

/**
 * /open-portal#code=…: a framed portal opened in its own tab. The one-minute, single-use code
 * (in the fragment, so it reaches no server log) becomes this tab's own session; the fragment is
 * cleared before anything else happens.
 */
export function OpenPortalPage() {
  const { site } = usePublicSite();
  const { login } = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // The code works once: never send it twice (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    if (!code) {
      setFailed(true);
      return;
    }
    void (async () => {
      try {
        const { token } = await redeemHandoffCode(code);
        await login(token);
        navigate(paths.customer.dashboard, { replace: true });
      } catch {
        setFailed(true);
      }
    })();
  }, [login, navigate]);

  if (!failed) return <FullScreenSpinner />;
  return (
    <AuthShell brand={{ name: site.courier.name, logoUrl: site.courier.logoUrl }} title="This link cannot open your account">
      <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {AUTH_MESSAGES.handoffInvalid}
      </p>
      <Link
        to={paths.login}
        className="mt-6 inline-flex h-11 items-center justify-center rounded-md bg-brand-700 px-5 font-medium text-white hover:bg-brand-800"
      >
        Sign in
      </Link>
    </AuthShell>
  );
}
