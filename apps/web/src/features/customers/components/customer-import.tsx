import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CUSTOMER_IMPORT_MESSAGES, type CustomerImportResult } from '@courier/shared/schemas/customer-import';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { errorMessage } from '@/lib/api-client';
import { useImportCustomers, usePendingInvitations, useSendInvitations } from '../api/customer-import';

const formSchema = z.object({
  file: z
    .instanceof(File, { message: IMPORT_MESSAGES.fileMissing })
    .nullable()
    .refine((f) => f !== null, IMPORT_MESSAGES.fileMissing),
  invite: z.boolean(),
});
type FormIn = z.input<typeof formSchema>;

/**
 * Bringing customers across: choose the old system's file, see each row checked (nothing is
 * written), then import the good rows with their mailbox numbers and, if chosen, invite them.
 */
export function CustomerImport() {
  const run = useImportCustomers();
  const invitations = useInviteAll();
  const [checked, setChecked] = useState<CustomerImportResult | null>(null);
  const [done, setDone] = useState<CustomerImportResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<FormIn>({ resolver: zodResolver(formSchema), defaultValues: { file: null, invite: false } });
  const file = form.watch('file');
  const invite = form.watch('invite');

  const check = form.handleSubmit(({ file: chosen }) => {
    if (!chosen) return;
    setDone(null);
    run.mutate(
      { file: chosen, dryRun: true },
      { onSuccess: setChecked, onError: (e) => toast.error(errorMessage(e, 'Could not check the file')) },
    );
  });
  const importNow = () => {
    if (!file) return;
    run.mutate(
      { file, dryRun: false },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setChecked(null);
          setDone(result);
          form.reset({ file: null, invite: false });
          toast.success(CUSTOMER_IMPORT_MESSAGES.imported(result.imported ?? 0));
          if (invite) invitations.start();
        },
        onError: (e) => {
          setConfirming(false);
          toast.error(errorMessage(e, 'Could not import the customers'));
        },
      },
    );
  };

  const shown = done ?? checked;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Your customer file</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={check} className="space-y-4" noValidate>
            <Controller
              control={form.control}
              name="file"
              render={({ field, fieldState }) => (
                <Field
                  label="CSV or Excel file"
                  hint="One customer a row with a header row: name (or first and last name), e-mail, and if you have them mailbox number, phone, branch, TRN, address, city, parish."
                  error={fieldState.error?.message}
                >
                  <FilePicker
                    file={field.value ?? null}
                    accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    onChange={(chosen) => {
                      field.onChange(chosen);
                      setChecked(null);
                    }}
                  />
                </Field>
              )}
            />
            <Button type="submit" busy={run.isPending && !confirming}>
              Check file
            </Button>
          </form>
        </CardContent>
      </Card>

      {shown && <ImportRows result={shown} />}

      {checked && !done && (
        <Card>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Controller
              control={form.control}
              name="invite"
              render={({ field }) => (
                <Checkbox
                  label="E-mail each imported customer an invitation to choose a password now"
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              )}
            />
            <Button disabled={checked.ready === 0} onClick={() => setConfirming(true)}>
              Import {checked.ready} customer{checked.ready === 1 ? '' : 's'}
            </Button>
          </CardContent>
        </Card>
      )}

      <PendingInvitations invitations={invitations} />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Import customers"
        message={`Import ${checked?.ready ?? 0} customers with their mailbox numbers?${
          invite ? ` Each of them is e-mailed an invitation now.` : ' You can invite them later from this page.'
        } Rows with problems are left out: fix them in the file and import it again.`}
        confirmLabel={`Import ${checked?.ready ?? 0}`}
        busy={run.isPending}
        onConfirm={importNow}
      />
    </div>
  );
}

/** The file's rows as checked: the counts, then every refused row with its reasons. */
function ImportRows({ result }: { result: CustomerImportResult }) {
  const refused = result.rows.filter((r) => r.problems.length > 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{result.imported === null ? 'What the import will do' : 'Imported'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">{result.imported === null ? 'Ready to import' : 'Imported'}</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">{result.imported ?? result.ready}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Rows with problems</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">{result.refused}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Next new mailbox</dt>
            <dd className="text-2xl font-semibold tabular-nums text-slate-900">{result.nextMailboxNumber}</dd>
          </div>
        </dl>
        {refused.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Left out (fix these in the file and import it again)</h3>
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Rows with problems">
              {refused.map((r) => (
                <li key={r.line} className="px-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">
                    Line {r.line}
                    {r.name ? `: ${r.name}` : ''}
                  </span>
                  {r.email && <span className="text-slate-600"> ({r.email})</span>}
                  <ul className="mt-1 list-disc pl-5 text-red-700">
                    {r.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Sends every waiting invitation, a batch at a time, keeping the progress to show. */
function useInviteAll() {
  const send = useSendInvitations();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const start = (onDone?: () => void) =>
    send.mutate(
      { onProgress: (done, total) => setProgress({ done, total }) },
      {
        onSuccess: (r) => toast.success(CUSTOMER_IMPORT_MESSAGES.invited(r.invited)),
        onError: (e) => toast.error(errorMessage(e, 'Could not send the invitations')),
        onSettled: () => {
          setProgress(null);
          onDone?.();
        },
      },
    );
  return { start, busy: send.isPending, progress };
}

/** Imported customers still to be invited, the button that invites them all, and its progress. */
function PendingInvitations({ invitations }: { invitations: ReturnType<typeof useInviteAll> }) {
  const pending = usePendingInvitations();
  const [confirming, setConfirming] = useState(false);
  const n = pending.data?.pending ?? 0;
  const { progress } = invitations;
  if (progress)
    return (
      <Card>
        <CardContent>
          <p className="text-sm text-slate-700" role="status">
            {CUSTOMER_IMPORT_MESSAGES.inviting(progress.done, progress.total)}
          </p>
          <progress className="mt-2 w-full accent-brand-700" max={progress.total} value={progress.done} aria-label="Invitations sent" />
        </CardContent>
      </Card>
    );
  if (n === 0 || invitations.busy) return null;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          <strong className="tabular-nums">{n}</strong> imported customer{n === 1 ? ' has' : 's have'} not been invited to choose a password
          yet.
        </p>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Send invitations
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send invitations"
        message={`E-mail ${n} imported customer${n === 1 ? '' : 's'} their mailbox number and a link to choose a password? Each customer is invited once.`}
        confirmLabel="Send invitations"
        onConfirm={() => {
          setConfirming(false);
          invitations.start();
        }}
      />
    </Card>
  );
}
