import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  DEFAULT_TEMPLATE,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  type MessagingSettings,
  saveMessagingSettingsSchema,
} from '@courier/shared/schemas/messaging';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useMessageOutbox, useMessagingSettings, useSaveMessagingSettings } from '../api/messaging';

type FormInput = z.input<typeof saveMessagingSettingsSchema>;

function toForm(s: MessagingSettings): FormInput {
  return {
    baseUrl: s.baseUrl,
    accountSid: s.accountSid ?? '',
    authToken: undefined,
    smsFrom: s.smsFrom,
    whatsappFrom: s.whatsappFrom,
    events: Object.fromEntries(
      MESSAGE_EVENTS.map((e) => [e, s.events[e] ?? { sms: false, whatsapp: false, template: DEFAULT_TEMPLATE }]),
    ) as FormInput['events'],
  };
}

const STATUS_TONE = {
  pending: 'neutral',
  sending: 'neutral',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  undelivered: 'red',
} as const;

function MessageOutbox() {
  const outbox = useMessageOutbox();
  const dates = useDateFormat();
  if (outbox.isLoading) return <Spinner />;
  if (outbox.error) return <p className="text-sm text-red-700">{errorMessage(outbox.error, 'Could not load the messages')}</p>;
  const rows = outbox.data ?? [];
  if (rows.length === 0) return <p className="text-sm text-slate-600">No messages yet. They show here with their delivery status.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Messages sent">
      {rows.map((m) => (
        <li key={m.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {MESSAGE_CHANNEL_LABELS[m.channel]} to {m.customerName ?? m.to}
              {m.channel !== 'push' && <span className="text-slate-500"> ({m.to})</span>}
            </p>
            <p className="break-words text-slate-600">{m.body || '(code, not kept)'}</p>
            {m.lastError && <p className="text-red-700">{m.lastError}</p>}
          </div>
          <div className="flex items-center gap-2">
            {m.test && <Badge tone="yellow">TEST</Badge>}
            <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
            <span className="text-xs text-slate-500">{dates.dateTime(m.statusAt ?? m.createdAt)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The courier's WhatsApp and SMS: its provider (Twilio's Messages API), which events go on which channel, in its words. */
export function MessagingSettingsCard({ canEdit = true }: { canEdit?: boolean }) {
  const current = useMessagingSettings();
  const save = useSaveMessagingSettings();
  const form = useForm<FormInput, unknown, z.output<typeof saveMessagingSettingsSchema>>({
    resolver: zodResolver(saveMessagingSettingsSchema),
  });
  useEffect(() => {
    if (current.data) form.reset(toForm(current.data));
  }, [current.data, form]);
  const s = current.data;
  const errors = form.formState.errors;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">WhatsApp and SMS {s?.testMode && <Badge tone="yellow">TEST</Badge>}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {current.isLoading ? (
          <Spinner />
        ) : current.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(current.error, 'Could not load the messaging settings')}
          </p>
        ) : s ? (
          <form
            noValidate
            className="space-y-4"
            onSubmit={form.handleSubmit((v) =>
              save.mutate(v, {
                onSuccess: () => toast.success('Messaging settings saved'),
                onError: (e) => toast.error(errorMessage(e, 'Could not save the messaging settings')),
              }),
            )}
          >
            {s.testMode && (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                TEST: messages go to the simulator at {s.baseUrl}, not to anyone's phone.
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Provider address" hint="https://api.twilio.com, or the simulator for tests" error={errors.baseUrl?.message}>
                <Input disabled={!canEdit} {...form.register('baseUrl')} />
              </Field>
              <Field label="Account SID" error={errors.accountSid?.message}>
                <Input disabled={!canEdit} autoComplete="off" {...form.register('accountSid')} />
              </Field>
              <Field
                label="Auth Token"
                hint={s.hasAuthToken ? 'Stored; leave empty to keep it' : undefined}
                error={errors.authToken?.message}
              >
                <Input
                  type="password"
                  disabled={!canEdit}
                  autoComplete="new-password"
                  {...form.register('authToken', { setValueAs: (v: string) => (v ? v : undefined) })}
                />
              </Field>
              <Field label="SMS from" hint="Your Twilio number, e.g. +1 876 555 0000" error={errors.smsFrom?.message}>
                <Input type="tel" disabled={!canEdit} {...form.register('smsFrom', { setValueAs: (v: string | null) => (v ? v : null) })} />
              </Field>
              <Field label="WhatsApp from" hint="Your WhatsApp sender number" error={errors.whatsappFrom?.message}>
                <Input
                  type="tel"
                  disabled={!canEdit}
                  {...form.register('whatsappFrom', { setValueAs: (v: string | null) => (v ? v : null) })}
                />
              </Field>
            </div>
            <p className="text-sm text-slate-600">
              Give the provider these addresses: status callback <code className="break-all">{s.statusCallbackUrl}</code>, incoming messages{' '}
              <code className="break-all">{s.inboundUrl}</code>.
            </p>
            <fieldset className="space-y-2">
              <legend className="font-medium text-slate-900">Events and templates</legend>
              <p className="text-sm text-slate-600">
                Templates may use {'{firstName}'}, {'{courier}'}, {'{title}'}, {'{ref}'} and {'{link}'}.
              </p>
              {MESSAGE_EVENTS.map((e) => (
                <div key={e} className="space-y-2 rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-medium">{MESSAGE_EVENT_LABELS[e]}</span>
                    <span className="flex gap-4 text-sm">
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          disabled={!canEdit}
                          aria-label={`SMS for ${MESSAGE_EVENT_LABELS[e]}`}
                          {...form.register(`events.${e}.sms`)}
                        />{' '}
                        SMS
                      </label>
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          disabled={!canEdit}
                          aria-label={`WhatsApp for ${MESSAGE_EVENT_LABELS[e]}`}
                          {...form.register(`events.${e}.whatsapp`)}
                        />{' '}
                        WhatsApp
                      </label>
                    </span>
                  </div>
                  <Input
                    aria-label={`Template: ${MESSAGE_EVENT_LABELS[e]}`}
                    disabled={!canEdit}
                    {...form.register(`events.${e}.template`)}
                  />
                  {errors.events?.[e]?.template?.message && <p className="text-sm text-red-700">{errors.events[e]?.template?.message}</p>}
                </div>
              ))}
            </fieldset>
            {canEdit && (
              <Button type="submit" busy={save.isPending}>
                Save
              </Button>
            )}
          </form>
        ) : null}
        <section aria-labelledby="messages-sent" className="space-y-2">
          <h3 id="messages-sent" className="font-medium text-slate-900">
            Messages sent
          </h3>
          <MessageOutbox />
        </section>
      </CardContent>
    </Card>
  );
}
