import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  createWebhookSchema,
} from '@courier/shared/schemas/integrations';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useCreateWebhook, useDeliveries, useDisableWebhook, useWebhookAction, useWebhooks } from '../api/integrations';
import { ShownOnce } from './api-keys-card';

type FormIn = z.input<typeof createWebhookSchema>;
type FormOut = z.output<typeof createWebhookSchema>;
const TONE = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;
const STATUS = { pending: 'Waiting to retry', succeeded: 'Delivered', failed: 'Gave up' } as const;

/** The receiver's answer to a delivery: its HTTP status and the start of its body, or why none came. */
function Answer({ d }: { d: WebhookDeliveryDto }) {
  return (
    <>
      {d.responseStatus !== null ? `HTTP ${d.responseStatus}` : (d.error ?? '—')}
      {d.responseExcerpt && <span className="block max-w-xs truncate text-slate-500">{d.responseExcerpt}</span>}
    </>
  );
}

/** A table on wider screens; on a phone each delivery is a small card, so nothing is cut off. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const list = useDeliveries(endpoint.id);
  const action = useWebhookAction();
  const dates = useDateFormat();
  if (list.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (list.isError) return <p className="text-sm text-red-700">{errorMessage(list.error, 'Could not load the deliveries')}</p>;
  if (list.data.length === 0)
    return <p className="text-sm text-slate-600">Nothing sent yet. Send a test event to see your endpoint answer.</p>;
  const resend = (d: WebhookDeliveryDto) => (
    <Button
      size="sm"
      variant="secondary"
      disabled={endpoint.disabledAt !== null}
      onClick={() =>
        action.mutate({ endpointId: endpoint.id, deliveryId: d.id }, { onError: (e) => toast.error(errorMessage(e, 'Could not re-send')) })
      }
    >
      Re-send
    </Button>
  );
  const result = (d: WebhookDeliveryDto) => (
    <>
      <Badge tone={TONE[d.status]}>{STATUS[d.status]}</Badge> <span className="text-slate-500">attempt {d.attempts}</span>
    </>
  );
  return (
    <>
      <ul className="space-y-2 sm:hidden" aria-label={`Deliveries to ${endpoint.url}`}>
        {list.data.map((d) => (
          <li key={d.id} className="space-y-1 rounded-md border border-slate-100 p-2 text-xs">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono">{d.event}</span>
              <span>{result(d)}</span>
            </div>
            <div className="min-w-0">
              <Answer d={d} />
            </div>
            <div className="flex items-center justify-between gap-2">
              <span className="text-slate-500">{dates.dateTime(d.deliveredAt ?? d.createdAt)}</span>
              {resend(d)}
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-xs sm:table">
        <caption className="sr-only">Deliveries to {endpoint.url}</caption>
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-2">Event</th>
            <th className="py-1 pr-2">Result</th>
            <th className="py-1 pr-2">Answer</th>
            <th className="py-1 pr-2">When</th>
            <th className="py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((d) => (
            <tr key={d.id} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-2 font-mono">{d.event}</td>
              <td className="py-1 pr-2">{result(d)}</td>
              <td className="py-1 pr-2">
                <Answer d={d} />
              </td>
              <td className="py-1 pr-2">{dates.dateTime(d.deliveredAt ?? d.createdAt)}</td>
              <td className="py-1">{resend(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Endpoints that hear about packages, invoices and payments; each delivery signed and retried. */
export function WebhooksCard() {
  const list = useWebhooks();
  const create = useCreateWebhook();
  const disable = useDisableWebhook();
  const action = useWebhookAction();
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [disabling, setDisabling] = useState<WebhookEndpointDto | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: '', events: [...WEBHOOK_EVENTS] },
  });
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (endpoint) => {
        setSecret(endpoint.secret);
        setOpen(endpoint.id);
        form.reset({ url: '', events: [...WEBHOOK_EVENTS] });
      },
      onError: (e) => toast.error(errorMessage(e, 'Could not add the endpoint')),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          Your other systems hear about changes at their own address. Each delivery is a JSON POST signed in the{' '}
          <code>Courier-Signature</code> header (<code>t=timestamp,v1=HMAC-SHA256(secret, t + "." + body)</code>); a failed one is tried
          again for about ten hours.
        </p>
        {secret && <ShownOnce label="The endpoint's signing secret" value={secret} onDone={() => setSecret(null)} />}
        <form onSubmit={submit} className="space-y-3" aria-label="New webhook endpoint">
          <Field label="Endpoint URL" error={form.formState.errors.url?.message} hint="https:// address on the internet">
            <Input type="url" placeholder="https://" {...form.register('url')} />
          </Field>
          <Controller
            control={form.control}
            name="events"
            render={({ field, fieldState }) => (
              <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
                <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    label={WEBHOOK_EVENT_LABELS[event]}
                    checked={field.value.includes(event)}
                    onChange={(e) => field.onChange(e.target.checked ? [...field.value, event] : field.value.filter((v) => v !== event))}
                  />
                ))}
                {fieldState.error && (
                  <p className="w-full text-sm text-red-600" role="alert">
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            )}
          />
          <Button type="submit" busy={create.isPending}>
            Add endpoint
          </Button>
        </form>
        {list.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : list.isError ? (
          <p className="text-sm text-red-700">{errorMessage(list.error, 'Could not load the endpoints')}</p>
        ) : list.data.length === 0 ? (
          <EmptyState title="No endpoint yet" framed={false}>
            Add the address of your system to hear about packages, invoices and payments.
          </EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Webhook endpoints">
            {list.data.map((e) => (
              <li key={e.id} className="space-y-2 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="text-sm">
                    <p className="break-all font-medium">{e.url}</p>
                    <p className="text-xs text-slate-500">{e.events.map((ev) => WEBHOOK_EVENT_LABELS[ev]).join(', ')}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {e.disabledAt ? (
                      <Badge tone="neutral">Disabled</Badge>
                    ) : (
                      <>
                        <Button
                          size="sm"
                          variant="secondary"
                          busy={action.isPending}
                          onClick={() =>
                            action.mutate(
                              { endpointId: e.id },
                              {
                                onSuccess: () => {
                                  setOpen(e.id);
                                  toast.success('Test event queued');
                                },
                                onError: (err) => toast.error(errorMessage(err, 'Could not send the test event')),
                              },
                            )
                          }
                        >
                          Send test event
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setDisabling(e)}>
                          Disable
                        </Button>
                      </>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={open === e.id}
                      onClick={() => setOpen(open === e.id ? null : e.id)}
                    >
                      {open === e.id ? 'Hide deliveries' : 'Deliveries'}
                    </Button>
                  </div>
                </div>
                {open === e.id && <Deliveries endpoint={e} />}
              </li>
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={disabling !== null}
          onOpenChange={(o) => !o && setDisabling(null)}
          title="Disable this endpoint?"
          message={`Nothing more is sent to ${disabling?.url ?? ''}, and deliveries waiting for it are dropped.`}
          confirmLabel="Disable"
          busy={disable.isPending}
          onConfirm={() =>
            disabling &&
            disable.mutate(disabling.id, {
              onSuccess: () => setDisabling(null),
              onError: (err) => toast.error(errorMessage(err, 'Could not disable the endpoint')),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
