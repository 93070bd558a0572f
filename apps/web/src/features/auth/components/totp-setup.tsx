import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup, twoFactorCodeSchema } from '@courier/shared/schemas/two-factor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSubmitOnce } from '@/hooks/use-submit-once';
import { errorMessage } from '@/lib/api-client';

/** The code box of both steps: digits from the app, or a recovery code. */
export function CodeForm({
  label,
  hint,
  submitLabel,
  onSubmit,
  digitsOnly = false,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
  digitsOnly?: boolean;
}) {
  const form = useForm<z.input<typeof twoFactorCodeSchema>, unknown, z.output<typeof twoFactorCodeSchema>>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
  });
  // The code goes trimmed; a wrong one is said under the box.
  const submit = useSubmitOnce(async ({ code }: { code: string }) => {
    try {
      await onSubmit(code);
    } catch (e) {
      form.setError('code', { message: errorMessage(e, TWO_FACTOR_MESSAGES.invalidCode) });
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
      <Field label={label} hint={hint} error={errors.code?.message}>
        <Input
          {...form.register('code')}
          autoComplete="one-time-code"
          inputMode={digitsOnly ? 'numeric' : 'text'}
          maxLength={digitsOnly ? 6 : 40}
          autoFocus
          className="font-mono tracking-widest"
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The QR code to scan, the secret to type where a camera is not at hand, and the code that confirms it. */
export function TotpSetupPanel({ setup, onConfirm }: { setup: TwoFactorSetup; onConfirm: (code: string) => Promise<void> }) {
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or enter the key below.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <img src={setup.qrCode} alt="QR code for your authenticator app" width={200} height={200} className="mx-auto rounded border" />
      <p className="text-center text-sm text-slate-600">
        Key:{' '}
        <code className="break-all font-mono text-slate-900" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <CodeForm label="6-digit code" submitLabel="Turn on two-step sign-in" digitsOnly onSubmit={onConfirm} />
    </div>
  );
}

/** The ten recovery codes, shown once: each signs in once when the phone is lost. */
export function RecoveryCodesPanel({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
