import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { pickupSourceSchema } from '@courier/shared/schemas/integrations';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { usePickupSource, useRunPickup, useSavePickupSource } from '../api/integrations';
import { PickedUpFiles, pickupOutcome } from './picked-up-files';

type FormIn = z.input<typeof pickupSourceSchema>;
type FormOut = z.output<typeof pickupSourceSchema>;

/** The agent's folder, read every 15 minutes: each new CSV or Excel file is imported with the remembered columns. */
export function AgentPickupCard() {
  const source = usePickupSource();
  const save = useSavePickupSource();
  const run = useRunPickup();
  const dates = useDateFormat();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(pickupSourceSchema),
    defaultValues: { url: '', active: true, password: '', privateKey: '', hostKeyFingerprint: '' },
  });
  useEffect(() => {
    if (source.data?.url)
      form.reset({
        url: source.data.url,
        active: source.data.active,
        password: '',
        privateKey: '',
        hostKeyFingerprint: source.data.hostKeyFingerprint ?? '',
      });
  }, [source.data, form]);
  const sftp = (useWatch({ control: form.control, name: 'url' }) ?? '').toLowerCase().startsWith('sftp:');
  // A secret is saved once and never shown again: left empty, the saved one is kept.
  const saved = source.data?.secretKind;
  const submit = form.handleSubmit(({ password, privateKey, hostKeyFingerprint, ...input }) =>
    save.mutate(sftp ? { ...input, password, privateKey, hostKeyFingerprint } : input, {
      onSuccess: () => toast.success('Folder saved'),
      onError: (e) => toast.error(errorMessage(e, 'Could not save the folder')),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>The agent’s folder</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-600">
          An SFTP folder (<code>sftp://user@host/folder</code>) or an HTTPS address where your agent lists its files (JSON:{' '}
          <code>["2026-11-26.csv", …]</code> or <code>{'{ "files": [{ "name": …, "url": … }] }'}</code>). It is read every 15 minutes; each
          new file is imported once, with the columns you chose last, and listed under Earlier files with its report.
        </p>
        <form onSubmit={submit} className="space-y-3" aria-label="Agent folder">
          <Field label="Folder address" error={form.formState.errors.url?.message}>
            <Input type="url" placeholder="https:// or sftp://" {...form.register('url')} />
          </Field>
          {sftp && (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="SFTP password"
                hint={saved === 'password' ? 'Saved; leave empty to keep it' : 'Or a private key'}
                error={form.formState.errors.password?.message}
              >
                <PasswordInput autoComplete="new-password" {...form.register('password')} />
              </Field>
              <Field
                label="Host key fingerprint"
                hint="SHA256:…, as ssh-keygen -l prints it; any other server is refused"
                error={form.formState.errors.hostKeyFingerprint?.message}
              >
                <Input spellCheck={false} placeholder="SHA256:" {...form.register('hostKeyFingerprint')} />
              </Field>
              <Field
                className="sm:col-span-2"
                label="SFTP private key"
                hint={saved === 'private_key' ? 'Saved; leave empty to keep it' : 'OpenSSH or PEM, without a passphrase'}
                error={form.formState.errors.privateKey?.message}
              >
                <Textarea spellCheck={false} className="font-mono text-xs" {...form.register('privateKey')} />
              </Field>
            </div>
          )}
          <Checkbox label="Read it on the schedule" {...form.register('active')} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={save.isPending}>
              Save folder
            </Button>
            <Button
              type="button"
              variant="secondary"
              busy={run.isPending}
              disabled={!source.data?.url}
              onClick={() =>
                run.mutate(undefined, {
                  onSuccess: ({ files }) => {
                    if (files.length === 0) return void toast.success('No new file in the folder');
                    const summary = files.map((f) => `${f.name}: ${pickupOutcome(f)}`).join('\n');
                    // A file with refused rows is a problem to act on, never "fine".
                    if (files.some((f) => f.needsFix)) toast.error(summary);
                    else toast.success(summary);
                  },
                  onError: (e) => toast.error(errorMessage(e, 'Could not read the folder')),
                })
              }
            >
              Read it now
            </Button>
          </div>
        </form>
        {source.data?.lastCheckedAt && <p className="text-xs text-slate-500">Last read {dates.dateTime(source.data.lastCheckedAt)}</p>}
        {source.data?.lastError && (
          <p className="text-sm text-red-700" role="alert">
            {source.data.lastError}
          </p>
        )}
        {source.data?.url && <PickedUpFiles files={source.data.files} />}
      </CardContent>
    </Card>
  );
}
