import { useEffect, useState } from 'react';
import type { TwoFactorChallenge, TwoFactorSetup } from '@courier/shared/schemas/two-factor';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { confirmRequiredSetup, startRequiredSetup } from '../api/two-factor';
import { CodeForm, RecoveryCodesPanel, TotpSetupPanel } from './totp-setup';

/**
 * The sign-in's second screen after a correct password: the code from the app (or a recovery
 * code); or, where the courier requires it and it is not set up yet, the set-up first.
 */
export function TwoFactorStep<T extends { token: string }>({
  challenge,
  verify,
  onSignedIn,
  onBack,
}: {
  challenge: TwoFactorChallenge;
  verify: (challenge: string, code: string) => Promise<T>;
  onSignedIn: (result: T) => Promise<void>;
  onBack: () => void;
}) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Two-step sign-in</h2>
      {challenge.twoFactor === 'verify' ? (
        <CodeForm
          label="Authentication code"
          hint="The 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes."
          submitLabel="Verify"
          onSubmit={async (code) => onSignedIn(await verify(challenge.challenge, code))}
        />
      ) : (
        <RequiredSetup challenge={challenge.challenge} onSignedIn={onSignedIn as (result: { token: string }) => Promise<void>} />
      )}
      <Button type="button" variant="link" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}

function RequiredSetup({ challenge, onSignedIn }: { challenge: string; onSignedIn: (result: { token: string }) => Promise<void> }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ result: Awaited<ReturnType<typeof confirmRequiredSetup>>; codes: string[] } | null>(null);
  useEffect(() => {
    let live = true;
    startRequiredSetup(challenge)
      .then((s) => live && setSetup(s))
      .catch((e) => live && setError(errorMessage(e, 'Could not start the set-up')));
    return () => {
      live = false;
    };
  }, [challenge]);
  if (error)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
        {error}
      </p>
    );
  if (done) return <RecoveryCodesPanel codes={done.codes} doneLabel="Continue" onDone={() => void onSignedIn(done.result)} />;
  if (!setup) return <Spinner />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Your courier requires two-step sign-in for staff. Set it up to continue.</p>
      <TotpSetupPanel
        setup={setup}
        onConfirm={async (code) => {
          const result = await confirmRequiredSetup(challenge, code);
          setDone({ result, codes: result.recoveryCodes ?? [] });
        }}
      />
    </div>
  );
}
