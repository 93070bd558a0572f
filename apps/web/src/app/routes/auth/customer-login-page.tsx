import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { dashboardForRole } from '@courier/shared/domain/redirects';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import type { TwoFactorChallenge } from '@courier/shared/schemas/two-factor';
import { confirmTokenStored, takeRedirect } from '@/features/auth/after-sign-in';
import { signInCustomer } from '@/features/auth/api/sign-in';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { LoginForm } from '@/features/auth/components/login-form';
import { verifyCustomerSecondStep } from '@/features/auth/api/two-factor';
import { TwoFactorStep } from '@/features/auth/components/two-factor-step';
import { PageTitle } from '@/app/page-title';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { branchAddress } from '@/features/public/components/site-contact';
import { ApiError } from '@/lib/api-client';
import { paths, withApiKey } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { resolveApiKey } from '@/lib/storage';

/** /login: the customer sign-in of the courier named by api_key. */
export function CustomerLoginPage() {
  // A failed courier lookup only costs the branding: the default brand shows.
  const { site } = usePublicSite();
  // From the router's location, so the server's render reads the same key as the browser.
  const apiKey = resolveApiKey(useLocation().search) || site.courier.apiKey;
  const brand = { name: site.courier.name, logoUrl: site.courier.logoUrl };
  const contact = { branches: site.branches.map((b) => ({ name: b.name, address: branchAddress(b) })), phone: site.courier.phone };
  const { login } = useSession();
  const navigate = useNavigate();

  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  async function signIn(email: string, password: string, remember: boolean) {
    let result: Awaited<ReturnType<typeof signInCustomer>>;
    try {
      result = await signInCustomer(email, password, apiKey, remember);
    } catch (error) {
      throw new Error(error instanceof ApiError ? error.message : AUTH_MESSAGES.customerLoginFailed);
    }
    // A correct password with two-step sign-in on: the second screen asks for the code.
    if ('twoFactor' in result) {
      setChallenge(result);
      return;
    }
    await finish(result.token);
  }

  async function finish(token: string | undefined) {
    if (!token) throw new Error(AUTH_MESSAGES.noToken);
    await login(token);
    await confirmTokenStored();
    navigate(takeRedirect(paths.login, dashboardForRole('customer')), { replace: true });
  }

  return (
    <AuthShell brand={brand} contact={contact} title="Welcome back" subtitle={`Sign in to your ${brand.name} account`}>
      <PageTitle path={paths.login} />
      {challenge ? (
        <TwoFactorStep
          challenge={challenge}
          verify={verifyCustomerSecondStep}
          onSignedIn={(result) => finish(result.token)}
          onBack={() => setChallenge(null)}
        />
      ) : (
        <LoginForm
          onSignIn={signIn}
          resetApiKey={apiKey}
          footer={
            <p className="text-center text-sm text-slate-600">
              Don&apos;t have an account?{' '}
              <Link to={withApiKey(paths.register, apiKey)} className="font-medium text-brand-700 hover:underline">
                Sign up
              </Link>
            </p>
          }
        />
      )}
    </AuthShell>
  );
}
