import { type ReactNode, Suspense, lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useHydrated } from '@/lib/hydration';
import { lazyResolver } from '@/lib/lazy-resolver';

// The reset modal (with the dialog primitives and sonner) loads when first wanted, not with the page.
const loadForgotPasswordDialog = () => import('./forgot-password-dialog');
const ForgotPasswordDialog = lazy(async () => ({ default: (await loadForgotPasswordDialog()).ForgotPasswordDialog }));

interface FormValues {
  email: string;
  password: string;
  remember: boolean;
}

// zod, its resolver and the schema load at the first validation (lib/lazy-resolver.ts).
const validation = lazyResolver(async () => (await import('./login-form-schema')).loginFormResolver);

/** Remember me keeps the e-mail for the next visit and signs in for weeks instead of hours. */
const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
function rememberedEmail(): string {
  try {
    return window.localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}
function rememberEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
    else window.localStorage.removeItem(REMEMBERED_EMAIL_KEY);
  } catch {
    // storage unavailable: nothing to remember
  }
}

interface LoginFormProps {
  /** Signs in (for REMEMBER_ME_TTL_DAYS with Remember me, else for the usual hours); throws an Error whose message is shown. */
  onSignIn: (email: string, password: string, remember: boolean) => Promise<void>;
  /** Shows Remember me and the Forgot password link (not on the super admin page). */
  withExtras?: boolean;
  resetApiKey?: string;
  footer?: ReactNode;
}

/** E-mail and password with show/hide, Remember me and Forgot password. */
export function LoginForm({ onSignIn, withExtras = true, resetApiKey, footer }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Mounted from the first opening on, so that closing it animates and returns the focus.
  const [forgotMounted, setForgotMounted] = useState(false);
  const [initialEmail] = useState(rememberedEmail);
  const hydrated = useHydrated();
  const form = useForm<FormValues>({
    resolver: validation.resolver,
    defaultValues: { email: initialEmail, password: '', remember: initialEmail !== '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSignIn(values.email, values.password, withExtras && values.remember);
      if (withExtras) rememberEmail(values.remember ? values.email : null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  });

  return (
    <>
      {/* method="post": without JavaScript a submit must not put the password in the URL. */}
      <form method="post" onSubmit={submit} onFocus={validation.preload} noValidate className="space-y-4">
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="username" required {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" required {...form.register('password')} />
        </Field>
        {withExtras && (
          <div className="flex items-center justify-between gap-4">
            <Checkbox label="Remember me" {...form.register('remember')} />
            <button
              type="button"
              className="text-sm font-medium text-brand-700 hover:underline"
              // Waits for hydration on the pre-rendered page (a click before it would be lost).
              disabled={!hydrated}
              onPointerEnter={() => void loadForgotPasswordDialog()}
              onFocus={() => void loadForgotPasswordDialog()}
              onClick={() => {
                setForgotMounted(true);
                setForgotOpen(true);
              }}
            >
              Forgot password?
            </button>
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        {footer}
      </form>
      {withExtras && forgotMounted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} apiKey={resetApiKey} />
        </Suspense>
      )}
    </>
  );
}
