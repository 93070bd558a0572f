import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { API_SCOPES, API_SCOPE_LABELS, type ApiKeyDto, createApiKeySchema } from '@courier/shared/schemas/integrations';
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
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';

type FormIn = z.input<typeof createApiKeySchema>;
type FormOut = z.output<typeof createApiKeySchema>;

/** A secret shown once, with a button to copy it. */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3" role="status">
      <p className="text-sm font-medium text-amber-900">{label}: copy it now, it is not shown again.</p>
      <code className="block break-all rounded bg-white px-2 py-1 text-xs" aria-label={label}>
        {value}
      </code>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Copy ${label}`}
          onClick={() =>
            navigator.clipboard
              .writeText(value)
              .then(() => toast.success('Copied'))
              .catch(() => toast.error('Could not copy; select the text instead'))
          }
        >
          Copy
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

/** API keys for the inbound API: named and scoped, shown once, revocable, with their last use. */
export function ApiKeysCard() {
  const list = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const dates = useDateFormat();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: '', scopes: ['packages:write', 'packages:read'] },
  });
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (key) => {
        setCreated(key.key);
        form.reset({ name: '', scopes: ['packages:write', 'packages:read'] });
      },
      onError: (e) => toast.error(errorMessage(e, 'Could not create the key')),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          For your warehouse agent and your other systems to send received packages and read them, under <code>/api/v1</code> (see{' '}
          <a className="text-brand-700 underline" href="/api/docs" target="_blank" rel="noreferrer">
            the API reference
          </a>
          ). Each key reaches only your company.
        </p>
        {created && <ShownOnce label="Your new API key" value={created} onDone={() => setCreated(null)} />}
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" aria-label="New API key">
          <Field label="Key name" error={form.formState.errors.name?.message} hint="Who uses it, e.g. Miami agent">
            <Input {...form.register('name')} />
          </Field>
          <Controller
            control={form.control}
            name="scopes"
            render={({ field, fieldState }) => (
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium text-slate-700">May</legend>
                {API_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    className="flex"
                    label={API_SCOPE_LABELS[scope]}
                    checked={field.value.includes(scope)}
                    onChange={(e) => field.onChange(e.target.checked ? [...field.value, scope] : field.value.filter((s) => s !== scope))}
                  />
                ))}
                {fieldState.error && (
                  <p className="text-sm text-red-600" role="alert">
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            )}
          />
          <Button type="submit" busy={create.isPending}>
            Create key
          </Button>
        </form>
        {list.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : list.isError ? (
          <p className="text-sm text-red-700">{errorMessage(list.error, 'Could not load the keys')}</p>
        ) : list.data.length === 0 ? (
          <EmptyState title="No API key yet" framed={false}>
            Create one for each agent or system, so each can be revoked on its own.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="API keys">
            {list.data.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div>
                  <p className="font-medium">
                    {k.name} <code className="text-xs text-slate-500">{k.prefix}…</code>
                  </p>
                  <p className="text-xs text-slate-500">
                    {k.scopes.map((s) => API_SCOPE_LABELS[s]).join(', ')} · created {dates.date(k.createdAt)} · last used{' '}
                    {k.lastUsedAt ? dates.dateTime(k.lastUsedAt) : 'never'}
                  </p>
                </div>
                {k.revokedAt ? (
                  <Badge tone="neutral">Revoked {dates.date(k.revokedAt)}</Badge>
                ) : (
                  <Button size="sm" variant="secondary" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => !open && setRevoking(null)}
          title="Revoke this API key?"
          message={`Calls with "${revoking?.name ?? ''}" stop working at once. This cannot be undone.`}
          confirmLabel="Revoke"
          busy={revoke.isPending}
          onConfirm={() =>
            revoking &&
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                toast.success('API key revoked');
                setRevoking(null);
              },
              onError: (e) => toast.error(errorMessage(e, 'Could not revoke the key')),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
