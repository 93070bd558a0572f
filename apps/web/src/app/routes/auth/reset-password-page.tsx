import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth-form';
import type { ResetPasswordFormInput } from '@courier/shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { resetPassword, useResetLinkUsable } from '@/features/auth/api/password-reset';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { paths } from '@/lib/paths';

// zod, its resolver and the schema load at the first validation (lib/lazy-resolver.ts).
const validation = lazyResolver(async () => {
  const [{ zodResolver }, { resetPasswordFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@courier/shared/schemas/auth'),
  ]);
  return zodResolver(resetPasswordFormSchema);
});

/** /reset-password?token=...: choose a new password from the e-mailed link. */
export function ResetPasswordPage() {
  // The link names the person's courier (its host name, or api_key, kept for the sign-in page after).
  const { site } = usePublicSite();
  const brand = { name: site.courier.name, logoUrl: site.courier.logoUrl };
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormInput>({
    resolver: validation.resolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const link = useResetLinkUsable(token);

  // A link already used (or past its time) sets nothing: say so, and offer a new one.
  if (token && link.data?.usable === false) {
    return (
      <AuthShell brand={brand} title={AUTH_MESSAGES.resetLinkSpent}>
        <p className="text-sm text-slate-700">{AUTH_MESSAGES.requestNewReset}</p>
        <Link to={paths.login} className="mt-6 inline-block font-medium text-brand-700 hover:underline">
          {AUTH_MESSAGES.askNewResetLink}
        </Link>
      </AuthShell>
    );
  }

  if (!token) {
    return (
      <AuthShell brand={brand} title={AUTH_MESSAGES.invalidResetLink}>
        <p className="text-sm text-slate-700">{AUTH_MESSAGES.requestNewReset}</p>
        <Link to={paths.login} className="mt-6 inline-block font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </AuthShell>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword(token, values.newPassword);
      toast.success(AUTH_MESSAGES.resetSuccess);
      navigate(paths.login, { replace: true });
    } catch (e) {
      setError(errorMessage(e, AUTH_MESSAGES.resetFailed));
    }
  });

  return (
    <AuthShell brand={brand} title="Reset Password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} onFocus={validation.preload} noValidate className="space-y-4">
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Field label="New Password" error={errors.newPassword?.message} hint={AUTH_MESSAGES.resetPasswordHint}>
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </Field>
        <Field label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
          {isSubmitting ? 'Resetting Password...' : 'Reset Password'}
        </Button>
      </form>
    </AuthShell>
  );
}
