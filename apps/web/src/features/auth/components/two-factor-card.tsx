import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup, twoFactorPasswordSchema } from '@courier/shared/schemas/two-factor';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useSubmitOnce } from '@/hooks/use-submit-once';
import { errorMessage } from '@/lib/api-client';
import {
  disableTwoFactor,
  enableTwoFactor,
  saveTwoFactorPolicy,
  startTwoFactorSetup,
  useInvalidateTwoFactor,
  useTwoFactorPolicy,
  useTwoFactorStatus,
} from '../api/two-factor';
import { RecoveryCodesPanel, TotpSetupPanel } from './totp-setup';

/** The signed-in person's two-step sign-in: set it up with an authenticator app, or turn it off with the password. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const invalidate = useInvalidateTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (e) {
      toast.error(errorMessage(e, 'Could not start the set-up'));
    } finally {
      setStarting(false);
    }
  }

  let body: React.ReactNode;
  if (status.isLoading) body = <Spinner />;
  else if (status.error)
    body = (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(status.error, 'Could not load your two-step sign-in')}
      </p>
    );
  else if (codes)
    body = (
      <RecoveryCodesPanel
        codes={codes}
        doneLabel="Done"
        onDone={() => {
          setCodes(null);
          void invalidate();
        }}
      />
    );
  else if (setup)
    body = (
      <div className="space-y-3">
        <TotpSetupPanel
          setup={setup}
          onConfirm={async (code) => {
            const result = await enableTwoFactor(code);
            setSetup(null);
            setCodes(result.recoveryCodes);
            toast.success(result.message);
          }}
        />
        <Button type="button" variant="ghost" onClick={() => setSetup(null)}>
          Cancel
        </Button>
      </div>
    );
  else if (status.data?.enabled)
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <span className="font-medium text-green-700">On.</span> Signing in asks for a code from your authenticator app.{' '}
          {status.data.recoveryCodesLeft} recovery codes left.
        </p>
        {status.data.required ? (
          <p className="text-sm text-slate-600">{TWO_FACTOR_MESSAGES.requiredByCourier}.</p>
        ) : (
          <TurnOff onDone={() => void invalidate()} />
        )}
      </div>
    );
  else
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Off. Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password is not enough.
        </p>
        <Button type="button" onClick={() => void start()} busy={starting}>
          Set up two-step sign-in
        </Button>
      </div>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-step sign-in</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const form = useForm<z.input<typeof twoFactorPasswordSchema>>({
    resolver: zodResolver(twoFactorPasswordSchema),
    defaultValues: { password: '' },
  });
  const submit = useSubmitOnce(async ({ password }: { password: string }) => {
    try {
      const result = await disableTwoFactor(password);
      toast.success(result.message);
      onDone();
    } catch (e) {
      form.setError('password', { message: errorMessage(e, 'Could not turn two-step sign-in off') });
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3 sm:max-w-sm">
      <Field label="Password to turn it off" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button type="submit" variant="danger" busy={isSubmitting}>
        Turn off two-step sign-in
      </Button>
    </form>
  );
}

/** A courier admin requires two-step sign-in of every staff-side account of the courier. */
export function TwoFactorPolicyCard() {
  const policy = useTwoFactorPolicy();
  const [busy, setBusy] = useState(false);
  if (policy.isLoading) return <Spinner />;
  if (policy.error || !policy.data) return null;
  const required = policy.data.requireStaffTwoFactor;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Staff sign-in</CardTitle>
      </CardHeader>
      <CardContent>
        <Checkbox
          label="Require two-step sign-in for all staff and admins (each sets it up at their next sign-in)"
          checked={required}
          disabled={busy}
          onChange={async (e) => {
            setBusy(true);
            try {
              await saveTwoFactorPolicy({ requireStaffTwoFactor: e.target.checked });
              await policy.refetch();
              toast.success(TWO_FACTOR_MESSAGES.policySaved);
            } catch (error) {
              toast.error(errorMessage(error, 'Could not save the security settings'));
            } finally {
              setBusy(false);
            }
          }}
        />
      </CardContent>
    </Card>
  );
}
