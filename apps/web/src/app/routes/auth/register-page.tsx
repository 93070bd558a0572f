import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { REGISTER_REDIRECT_DELAY_MS } from '@courier/shared/constants/limits';
import { AUTH_MESSAGES, type RegistrationFormValues, registrationPayload } from '@courier/shared/schemas/auth-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { registerCustomer } from '@/features/auth/api/registration';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { RegistrationProgress } from '@/features/auth/components/registration-progress';
import { AccountTypeFields, AddressFields, ContactFields, PersonalFields } from '@/features/auth/components/registration-step-fields';
import {
  EMPTY_REGISTRATION,
  STEP_FIELDS,
  STEP_TITLES,
  preloadStepSchemas,
  stepErrors,
} from '@/features/auth/components/registration-steps';
import { useRegistrationCourier } from '@/features/auth/hooks/use-registration-courier';
import { PageTitle } from '@/app/page-title';
import { DEFAULT_BRAND } from '@/features/public/api/get-courier-brand';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { branchAddress } from '@/features/public/components/site-contact';
import { ApiError } from '@/lib/api-client';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { paths, withApiKey } from '@/lib/paths';
import { useHydrated } from '@/lib/hydration';
import { useSession } from '@/lib/session';
import { resolveApiKey } from '@/lib/storage';

/** /register: the customer's four-step registration wizard. */
export function RegisterPage() {
  const publicSite = usePublicSite();
  // The api key of the URL, host or session (from the router's location, so the server's render
  // reads the same key as the browser); else that of the site the server resolved, once known.
  const search = useLocation().search;
  const apiKey = resolveApiKey(search) || (publicSite.loading || publicSite.failed ? null : publicSite.site.courier.apiKey || null);
  const courierState = useRegistrationCourier(apiKey, publicSite.failed);
  const [step, setStep] = useState(0);
  const [registered, setRegistered] = useState(false);
  const { login } = useSession();
  const navigate = useNavigate();
  // A referral link (`?ref=CODE`) fills in the referral or coupon code.
  const form = useForm<RegistrationFormValues>({
    defaultValues: { ...EMPTY_REGISTRATION, referralCode: new URLSearchParams(search).get('ref')?.slice(0, 100) ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const accountType = form.watch('accountType');

  const hydrated = useHydrated();
  // The courier being registered with: once validated, its own record; meanwhile its public site
  // when that is the same courier (the pre-rendered page shows it at once, not the default brand).
  const siteBrand =
    !publicSite.loading && !publicSite.failed && publicSite.site.courier.apiKey === apiKey
      ? { name: publicSite.site.courier.name || DEFAULT_BRAND.name, logoUrl: publicSite.site.courier.logoUrl || DEFAULT_BRAND.logoUrl }
      : DEFAULT_BRAND;
  const brand =
    courierState.status === 'ready'
      ? { name: courierState.courier.name || DEFAULT_BRAND.name, logoUrl: courierState.courier.logo_url || DEFAULT_BRAND.logoUrl }
      : siteBrand;

  // The courier's branches and phone, from its public site when that is the courier being registered with.
  const contact =
    courierState.status === 'ready' && publicSite.site.courier.apiKey === apiKey
      ? {
          branches: publicSite.site.branches.map((b) => ({ name: b.name, address: branchAddress(b) })),
          phone: publicSite.site.courier.phone,
        }
      : undefined;

  // Editing a field clears its error.
  const field = (name: FieldPath<RegistrationFormValues>) => form.register(name, { onChange: () => form.clearErrors(name) });

  async function validateStep(current: number): Promise<boolean> {
    const found = await stepErrors(current, form.getValues());
    for (const name of STEP_FIELDS[current] ?? []) {
      const message = found.get(name);
      if (message) form.setError(name, { type: 'manual', message });
      else form.clearErrors(name);
    }
    if (found.size > 0) {
      toast.error(AUTH_MESSAGES.stepInvalid);
      return false;
    }
    return true;
  }

  async function next() {
    const current = step;
    // A second Next while the first is validating moves one step, not two.
    if (await validateStep(current)) setStep((s) => (s === current ? Math.min(s + 1, STEP_TITLES.length - 1) : s));
  }

  const submit = form.handleSubmit(async (values) => {
    if (step < STEP_TITLES.length - 1) return next();
    if (!(await validateStep(step)) || courierState.status !== 'ready') return;
    try {
      const result = await registerCustomer(registrationPayload(values, courierState.courier.id, apiKey ?? ''));
      if (!result.token) throw new Error(AUTH_MESSAGES.noToken);
      setRegistered(true);
      toast.success(AUTH_MESSAGES.registrationSuccess);
      await login(result.token);
      setTimeout(() => navigate(paths.customer.dashboard, { replace: true }), REGISTER_REDIRECT_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http') {
        // The server re-checks every rule: show its field messages on the step that holds them.
        const fieldErrors = Object.entries(error.fieldErrors ?? {});
        let firstStep = Number.POSITIVE_INFINITY;
        for (const [name, messages] of fieldErrors) {
          const at = STEP_FIELDS.findIndex((fields) => fields.includes(name as FieldPath<RegistrationFormValues>));
          if (at >= 0 && messages[0]) {
            form.setError(name as FieldPath<RegistrationFormValues>, { type: 'server', message: messages[0] });
            firstStep = Math.min(firstStep, at);
          }
        }
        if (Number.isFinite(firstStep)) setStep(firstStep);
        toast.error(error.message || AUTH_MESSAGES.registrationFailed);
      } else {
        toast.error(AUTH_MESSAGES.registrationFailedRetry);
      }
    }
  });

  const footer = (
    <p className="mt-6 text-center text-sm text-slate-600">
      Already have an account?{' '}
      <Link to={withApiKey(paths.login, apiKey ?? '')} className="font-medium text-brand-700 hover:underline">
        Sign in
      </Link>
    </p>
  );

  if (courierState.status === 'gave-up') {
    return (
      <AuthShell brand={DEFAULT_BRAND} title="Registration is not available">
        <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-medium">{courierState.message}</p>
          <p>This sign-up link does not name a courier we can find. Check the link you were given, or start again from the home page.</p>
        </div>
        <Link
          to={paths.home}
          className="mt-6 inline-flex h-11 items-center justify-center rounded-md bg-brand-700 px-5 font-medium text-white hover:bg-brand-800"
        >
          Go to the home page
        </Link>
      </AuthShell>
    );
  }

  if (courierState.status !== 'ready') {
    return (
      <AuthShell brand={brand} title="Create your account" subtitle={`Get your US shipping address with ${brand.name}.`}>
        <PageTitle path={paths.register} />
        {courierState.status === 'loading' ? (
          // The pre-rendered page (and its hydration) says what needs scripting instead of a spinner that never stops.
          hydrated ? (
            <div className="flex items-center gap-3 text-sm text-slate-600">
              <Spinner className="h-5 w-5 text-brand-700" label="" /> Loading registration information...
            </div>
          ) : (
            <noscript>
              <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                Creating an account needs JavaScript, which is turned off in this browser. Turn it on and reload this page
                {publicSite.site.courier.phone ? `, or call us on ${publicSite.site.courier.phone}` : ''}.
              </p>
            </noscript>
          )
        ) : (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {courierState.message}
          </p>
        )}
        {footer}
      </AuthShell>
    );
  }

  // Every customer chooses a pickup branch: a courier with none open takes no sign-ups yet.
  if (courierState.branches.length === 0) {
    return (
      <AuthShell brand={brand} contact={contact} title="Not taking sign-ups yet">
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {AUTH_MESSAGES.notTakingSignUps}
        </p>
        {footer}
      </AuthShell>
    );
  }

  return (
    <AuthShell brand={brand} contact={contact} title="Create your account" subtitle={`Get your US shipping address with ${brand.name}.`}>
      <PageTitle path={paths.register} />
      <RegistrationProgress step={step} />
      {/* Enter in a field of an early step goes to the next step, as Next does. */}
      <form
        method="post"
        onSubmit={(event) => {
          if (step < STEP_TITLES.length - 1) {
            event.preventDefault();
            void next();
          } else void submit(event);
        }}
        onFocus={preloadStepSchemas}
        noValidate
      >
        <fieldset className="space-y-4" disabled={isSubmitting || registered}>
          <legend className="mb-4 text-lg font-semibold text-slate-900">{STEP_TITLES[step]}</legend>

          {step === 0 && <AccountTypeFields field={field} errors={errors} accountType={accountType} />}
          {step === 1 && <PersonalFields field={field} errors={errors} accountType={accountType} />}
          {step === 2 && <ContactFields field={field} errors={errors} />}
          {step === 3 && <AddressFields field={field} errors={errors} branches={courierState.branches} />}
        </fieldset>

        <div className="mt-8 flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => setStep((s) => Math.max(s - 1, 0))}
            disabled={step === 0 || isSubmitting || registered}
          >
            Previous
          </Button>
          {step < STEP_TITLES.length - 1 ? (
            <Button type="submit">Next</Button>
          ) : (
            <Button type="submit" busy={isSubmitting} disabled={registered}>
              {isSubmitting ? 'Creating Account...' : 'Create Account'}
            </Button>
          )}
        </div>
      </form>
      {footer}
    </AuthShell>
  );
}
