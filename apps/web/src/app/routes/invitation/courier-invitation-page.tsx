import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type CourierInvitationAcceptFormInput,
  INVITATION_MESSAGES,
  courierInvitationAcceptFormSchema,
} from '@courier/shared/schemas/courier-invitations';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { acceptInvitation, useInvitationView } from '@/features/couriers/api/invitations';
import { DEFAULT_BRAND } from '@/features/public/api/get-courier-brand';
import { ApiError, errorMessage } from '@/lib/api-client';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

const FIELDS = ['courierName', 'courierCode', 'firstName', 'lastName', 'password', 'confirmPassword'] as const;

/** An expired, used, revoked or unknown link: a clear page and the way home, nothing to retry. */
function InvitationGone({ message }: { message: string }) {
  return (
    <AuthShell brand={DEFAULT_BRAND} audience="courier" title={message}>
      <p className="text-sm text-slate-700">Ask the platform's administrator to send you a new invitation.</p>
      <Link to={paths.home} className="mt-6 inline-block font-medium text-brand-700 hover:underline">
        Go to the home page
      </Link>
    </AuthShell>
  );
}

/**
 * /courier-invitation/:token: the invitee names the courier, picks its code and creates
 * the first admin account; then is signed in and lands on the set-up checklist.
 */
export function CourierInvitationPage() {
  const { token = '' } = useParams();
  const view = useInvitationView(token);
  const session = useSession();
  const navigate = useNavigate();
  const [gone, setGone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CourierInvitationAcceptFormInput>({
    resolver: zodResolver(courierInvitationAcceptFormSchema),
    defaultValues: { courierName: '', courierCode: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (view.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading the invitation" />
      </div>
    );
  }
  if (gone) return <InvitationGone message={gone} />;
  if (view.isError) {
    const expired = view.error instanceof ApiError && view.error.status === 410;
    return <InvitationGone message={expired ? view.error.message : errorMessage(view.error, 'This invitation could not be opened')} />;
  }

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { confirmPassword: _, ...input } = values;
      const answer = await acceptInvitation(token, input);
      await session.login(answer.token);
      toast.success(INVITATION_MESSAGES.courierSetUp);
      navigate(paths.admin.dashboard, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 410) {
        setGone(e.message);
        return;
      }
      let placed = false;
      if (e instanceof ApiError && e.fieldErrors) {
        for (const field of FIELDS) {
          const message = e.fieldErrors[field]?.[0];
          if (message) {
            form.setError(field, { message });
            placed = true;
          }
        }
      }
      if (!placed) setError(errorMessage(e, 'The courier could not be set up. Please try again.'));
    }
  });

  return (
    <AuthShell brand={DEFAULT_BRAND} audience="courier" title="Set up your courier" subtitle={`You were invited as ${view.data.email}.`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Field label="Courier name" error={errors.courierName?.message}>
          <Input autoComplete="organization" {...form.register('courierName')} />
        </Field>
        <Field label="Courier code" error={errors.courierCode?.message} hint="2 to 8 letters or digits; starts every mailbox number.">
          <Input className="uppercase" autoComplete="off" {...form.register('courierCode')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </Field>
        </div>
        <Field label="Email" hint="Your sign-in e-mail, from the invitation.">
          <Input type="email" value={view.data.email} readOnly autoComplete="username" />
        </Field>
        <Field label="Password" error={errors.password?.message} hint="At least 8 characters.">
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirm password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
          {isSubmitting ? 'Setting up...' : 'Set up courier'}
        </Button>
      </form>
    </AuthShell>
  );
}
