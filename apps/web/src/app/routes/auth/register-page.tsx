import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { COURIER_LOAD_RETRIES, COURIER_RELOAD_DELAY_MS, REGISTER_REDIRECT_DELAY_MS } from '@courier/shared/constants/limits';
import { PARISHES } from '@courier/shared/constants/parishes';
import type { BranchBrief, CourierValidation } from '@courier/shared/schemas/auth';
import {
  AUTH_MESSAGES,
  REGISTRATION_STEP_LABELS,
  type RegistrationFormValues,
  TITLES,
  registrationPayload,
} from '@courier/shared/schemas/auth-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getPublicBranches, registerCustomer, validateCourier } from '@/features/auth/api/registration';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { DEFAULT_BRAND } from '@/features/public/api/get-courier-brand';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { branchAddress } from '@/features/public/components/site-contact';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { paths, withApiKey } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { resolveApiKey } from '@/lib/storage';

type CourierState =
  | { status: 'loading' }
  | { status: 'ready'; courier: CourierValidation; branches: BranchBrief[] }
  /** Failed: the page reloads once after 2 s (part 1 §8). */
  | { status: 'failed'; message: string }
  /** Failed again after that reload: a clear page with a link home, no reload loop (issue 18). */
  | { status: 'gave-up'; message: string };

/** The message of part 1 §8 for a courier that could not be loaded. */
function courierLoadMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return AUTH_MESSAGES.courierNetworkReload;
    if (error.kind === 'timeout') return AUTH_MESSAGES.courierTimeoutReload;
    if (error.status === 404) return AUTH_MESSAGES.courierNotFoundReload;
    if (error.status === 401) return AUTH_MESSAGES.courierUnauthorizedReload;
  }
  return AUTH_MESSAGES.courierOtherReload;
}

/** "Courier not found. Reloading page..." once the page no longer reloads. */
const withoutReload = (message: string) => message.replace(/\s*Reloading page\.\.\.$/, '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Session storage: the api key whose failed load already reloaded the page once. */
const RELOADED_KEY = 'registerCourierReloaded';
function reloadedFor(): string | null {
  try {
    return window.sessionStorage.getItem(RELOADED_KEY);
  } catch {
    return null;
  }
}
function markReloaded(apiKey: string | null): void {
  try {
    if (apiKey === null) window.sessionStorage.removeItem(RELOADED_KEY);
    else window.sessionStorage.setItem(RELOADED_KEY, apiKey);
  } catch {
    // Without storage the page cannot tell a first failure from a second: it gives up at once.
  }
}

/**
 * Loads the courier of the api key and its branches. Network and time-out errors are retried twice
 * (after 2 s, then 4 s); a failure shows its message and reloads the page after 2 s (part 1 §8),
 * once: failing again after that reload, the page says so and links home instead of reloading
 * forever. `apiKey` null: still waiting for the site the server resolved; `unavailable`: that
 * site could not be loaded either.
 */
export function useRegistrationCourier(apiKey: string | null, unavailable = false): CourierState {
  const [state, setState] = useState<CourierState>({ status: 'loading' });
  // What to look up: the key, or '' once it is clear there is none. Only this re-runs the lookup:
  // the public site failing later (it fails for the same unknown key) must not cancel the spec's
  // one reload that the first failure scheduled.
  const lookup = apiKey ?? (unavailable ? '' : null);
  useEffect(() => {
    if (lookup === null) return;
    let cancelled = false;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const key = lookup;
    const fail = (message: string) => {
      if (cancelled) return;
      if (reloadedFor() === key) {
        toast.error(withoutReload(message));
        setState({ status: 'gave-up', message: withoutReload(message) });
        return;
      }
      toast.error(message);
      setState({ status: 'failed', message });
      markReloaded(key);
      reloadTimer = setTimeout(() => window.location.reload(), COURIER_RELOAD_DELAY_MS);
    };
    if (!key) {
      fail(AUTH_MESSAGES.courierNotFoundReload);
      return () => {
        cancelled = true;
        clearTimeout(reloadTimer);
      };
    }
    void (async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const res = await validateCourier(key);
          if (!res?.success || !res.data?.id) return fail(AUTH_MESSAGES.courierInvalid);
          const branches = await getPublicBranches(res.data.id);
          if (cancelled) return;
          markReloaded(null);
          setState({ status: 'ready', courier: res.data, branches: branches.data ?? [] });
          return;
        } catch (error) {
          const transient = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
          if (transient && attempt <= COURIER_LOAD_RETRIES && !cancelled) {
            console.warn(`Courier load failed (attempt ${attempt}); retrying`, error);
            await sleep(COURIER_RELOAD_DELAY_MS * attempt);
            continue;
          }
          return fail(courierLoadMessage(error));
        }
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(reloadTimer);
    };
  }, [lookup]);
  return state;
}

const STEP_TITLES = ['Account Type', 'Personal Information', 'Contact Information', 'Address & Branch'] as const;
const STEP_FIELDS: ReadonlyArray<ReadonlyArray<FieldPath<RegistrationFormValues>>> = [
  ['accountType', 'businessName'],
  ['title', 'firstName', 'lastName', 'trn'],
  ['email', 'phone', 'password', 'confirmPassword'],
  ['address', 'parish', 'city', 'branchId'],
];

/** The step schemas, with zod: loaded at the first validation (or when focus enters the form), not with the page. */
const loadStepSchemas = async () => (await import('@courier/shared/schemas/auth')).registrationStepSchemas;
const preloadStepSchemas = () => void loadStepSchemas().catch(() => undefined);

/** The first message per field of one step's rules (part 1 §5). */
async function stepErrors(step: number, values: RegistrationFormValues): Promise<Map<FieldPath<RegistrationFormValues>, string>> {
  const schema = (await loadStepSchemas())[step];
  const out = new Map<FieldPath<RegistrationFormValues>, string>();
  if (!schema) return out;
  const result = schema.safeParse(values);
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as FieldPath<RegistrationFormValues>;
    if (!out.has(field)) out.set(field, issue.message);
  }
  return out;
}

const EMPTY: RegistrationFormValues = {
  accountType: 'individual',
  businessName: '',
  title: '',
  firstName: '',
  lastName: '',
  trn: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  address: '',
  parish: '',
  city: '',
  branchId: '',
  couponCode: '',
  referralCode: '',
};

function ProgressIndicator({ step }: { step: number }) {
  return (
    <ol className="mb-8 grid grid-cols-4 gap-2" aria-label="Registration progress">
      {REGISTRATION_STEP_LABELS.map((label, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li key={label} aria-current={current ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
            <span
              className={cn(
                'flex h-9 w-9 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done && 'border-brand-700 bg-brand-700 text-white',
                current && 'border-brand-700 bg-white text-brand-800',
                !done && !current && 'border-slate-300 bg-white text-slate-500',
              )}
            >
              {done ? <Check className="h-4 w-4" aria-hidden="true" /> : index + 1}
            </span>
            <span className={cn('text-xs font-medium', current ? 'text-brand-800' : 'text-slate-600')}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** /register: the customer's four-step registration wizard (part 1 §2, §4, §5, §8). */
export function RegisterPage() {
  const publicSite = usePublicSite();
  // The api key of the URL, host or session (from the router's location, so the server's render
  // reads the same key as the browser); else that of the site the server resolved, once known.
  const apiKey =
    resolveApiKey(useLocation().search) || (publicSite.loading || publicSite.failed ? null : publicSite.site.courier.apiKey || null);
  const courierState = useRegistrationCourier(apiKey, publicSite.failed);
  const [step, setStep] = useState(0);
  const [registered, setRegistered] = useState(false);
  const { login } = useSession();
  const navigate = useNavigate();
  const form = useForm<RegistrationFormValues>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const accountType = form.watch('accountType');

  const brand =
    courierState.status === 'ready'
      ? { name: courierState.courier.name || DEFAULT_BRAND.name, logoUrl: courierState.courier.logo_url || DEFAULT_BRAND.logoUrl }
      : DEFAULT_BRAND;

  // The courier's branches and phone, from its public site when that is the courier being registered with.
  const contact =
    courierState.status === 'ready' && publicSite.site.courier.apiKey === apiKey
      ? {
          branches: publicSite.site.branches.map((b) => ({ name: b.name, address: branchAddress(b) })),
          phone: publicSite.site.courier.phone,
        }
      : undefined;

  // Editing a field clears its error (part 1 §5).
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
      <AuthShell brand={brand} title="Create your account">
        {courierState.status === 'loading' ? (
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <Spinner className="h-5 w-5 text-brand-700" label="" /> Loading registration information...
          </div>
        ) : (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {courierState.message}
          </p>
        )}
        {footer}
      </AuthShell>
    );
  }

  return (
    <AuthShell brand={brand} contact={contact} title="Create your account" subtitle={`Get your US shipping address with ${brand.name}.`}>
      <ProgressIndicator step={step} />
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

          {step === 0 && (
            <>
              <div className="grid grid-cols-2 gap-3" role="radiogroup" aria-label="Account type">
                {(['individual', 'business'] as const).map((type) => (
                  <label
                    key={type}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-lg border-2 px-4 py-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                      accountType === type ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-200 text-slate-700',
                    )}
                  >
                    <input type="radio" value={type} className="accent-brand-700" {...field('accountType')} />
                    {type === 'individual' ? 'Individual' : 'Business'}
                  </label>
                ))}
              </div>
              {accountType === 'business' && (
                <Field label="Business Name" error={errors.businessName?.message}>
                  <Input autoComplete="organization" {...field('businessName')} />
                </Field>
              )}
            </>
          )}

          {step === 1 && (
            <>
              {accountType === 'individual' && (
                <Field label="Title" error={errors.title?.message}>
                  <Select autoComplete="honorific-prefix" {...field('title')}>
                    <option value="">Select title</option>
                    {TITLES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="First Name" error={errors.firstName?.message}>
                  <Input autoComplete="given-name" {...field('firstName')} />
                </Field>
                <Field label="Last Name" error={errors.lastName?.message}>
                  <Input autoComplete="family-name" {...field('lastName')} />
                </Field>
              </div>
              <Field label="TRN" error={errors.trn?.message} hint="Taxpayer Registration Number">
                <Input inputMode="numeric" {...field('trn')} />
              </Field>
            </>
          )}

          {step === 2 && (
            <>
              <Field label="Email" error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...field('email')} />
              </Field>
              <Field label="Phone" error={errors.phone?.message}>
                <Input type="tel" autoComplete="tel" {...field('phone')} />
              </Field>
              <Field label="Password" error={errors.password?.message}>
                <PasswordInput autoComplete="new-password" {...field('password')} />
              </Field>
              <Field label="Confirm Password" error={errors.confirmPassword?.message}>
                <PasswordInput autoComplete="new-password" {...field('confirmPassword')} />
              </Field>
            </>
          )}

          {step === 3 && (
            <>
              <Field label="Street Address" error={errors.address?.message}>
                <Input autoComplete="street-address" {...field('address')} />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Parish" error={errors.parish?.message}>
                  <Select {...field('parish')}>
                    <option value="">Select parish</option>
                    {PARISHES.map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="City" error={errors.city?.message}>
                  <Input autoComplete="address-level2" {...field('city')} />
                </Field>
              </div>
              <Field label="Branch" error={errors.branchId?.message} hint="Where you will collect your packages">
                <Select {...field('branchId')}>
                  <option value="">Select branch</option>
                  {courierState.branches.map((b) => (
                    <option key={b.id} value={String(b.id)}>
                      {b.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          )}
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
