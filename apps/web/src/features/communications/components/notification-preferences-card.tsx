import { Switch } from 'radix-ui';
import { useId } from 'react';
import { toast } from 'sonner';
import {
  EMAIL_PREFERENCES_SAVED,
  type EmailPreferences,
  OPTIONAL_EMAIL_HINTS,
  OPTIONAL_EMAIL_KINDS,
  OPTIONAL_EMAIL_LABELS,
  type OptionalEmailKind,
} from '@courier/shared/schemas/notifications';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/communications';

function PreferenceSwitch({
  kind,
  checked,
  disabled,
  onChange,
}: {
  kind: OptionalEmailKind;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {OPTIONAL_EMAIL_LABELS[kind]}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {OPTIONAL_EMAIL_HINTS[kind]}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </li>
  );
}

/**
 * The customer's optional e-mails, each on a switch that saves at once. Welcome, password and
 * security e-mails are always sent; the in-app notifications stay whatever is chosen here.
 */
export function NotificationPreferencesCard() {
  const prefs = useEmailPreferences();
  const save = useSaveEmailPreferences();
  const change = (current: EmailPreferences, kind: OptionalEmailKind, on: boolean) =>
    save.mutate(
      { ...current, [kind]: on },
      {
        onSuccess: () => toast.success(EMAIL_PREFERENCES_SAVED),
        onError: (e) => toast.error(errorMessage(e, 'Your preferences could not be saved.')),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification preferences</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Choose which e-mails we send you. Welcome, password and security e-mails are always sent.
        </p>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : prefs.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(prefs.error, 'Your preferences could not be loaded.')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {OPTIONAL_EMAIL_KINDS.map((kind) => (
              <PreferenceSwitch
                key={kind}
                kind={kind}
                checked={prefs.data[kind]}
                disabled={save.isPending}
                onChange={(on) => change(prefs.data, kind, on)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
