import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  BATCH_AUDIENCES,
  BATCH_AUDIENCE_LABELS,
  BATCH_MESSAGES,
  type BatchEmailInput,
  type BatchPreview,
  batchEmailInputSchema,
} from '@courier/shared/schemas/emails';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useBatchEmails, useBatchRecipients, usePreviewBatch, useSendBatch } from '@/features/communications/api/communications';
import { useBranchOptions } from '@/hooks/use-options';
import { errorMessage } from '@/lib/api-client';

function Recipients({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const list = useBatchRecipients(id, page);
  if (list.isLoading) return <Spinner />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 25));
  return (
    <div className="space-y-3">
      <ul className="max-h-[50vh] divide-y divide-slate-200 overflow-y-auto text-sm">
        {list.data?.data.map((r) => (
          <li key={r.customerId} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {r.name} ({r.mailboxNumber}) · {r.email}
            </span>
            <span>
              <Badge tone={r.status === 'sent' ? 'green' : r.status === 'failed' ? 'red' : 'yellow'}>{r.status}</Badge>
              {r.error && <span className="ml-2 text-xs text-slate-500">{r.error}</span>}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}

/** Batch e-mails: compose with {firstName} and {mailbox}, pick the audience, preview, send; live progress. */
export default function BatchEmailsPage() {
  const [page, setPage] = useState(1);
  const batches = useBatchEmails(page);
  const previewCall = usePreviewBatch();
  const send = useSendBatch();
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [report, setReport] = useState<number | null>(null);
  const form = useForm<BatchEmailInput>({
    resolver: zodResolver(batchEmailInputSchema),
    defaultValues: { subject: '', body: 'Hello {firstName},\n\n', audience: 'all', branchId: null, accountType: null },
  });
  const audience = form.watch('audience');
  const branches = useBranchOptions(undefined, audience === 'branch');
  const { errors } = form.formState;

  const onPreview = form.handleSubmit(async (input) => {
    try {
      setPreview(await previewCall.mutateAsync(input));
    } catch (e) {
      toast.error(errorMessage(e, 'Could not preview the e-mail'));
    }
  });
  const onSend = async () => {
    try {
      await send.mutateAsync(form.getValues());
      toast.success(BATCH_MESSAGES.queued);
      setConfirming(false);
      setPreview(null);
      form.reset();
    } catch (e) {
      toast.error(errorMessage(e, 'Could not send the e-mail'));
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Batch Emails</h1>
        <p className="mt-1 text-sm text-slate-600">
          Write once; {'{firstName}'} and {'{mailbox}'} are filled in for each customer.
        </p>
      </div>
      <form onSubmit={onPreview} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
        <Field label="Subject" error={errors.subject?.message}>
          <Input {...form.register('subject')} />
        </Field>
        <Field label="Message" error={errors.body?.message} hint="Placeholders: {firstName}, {mailbox}">
          <Textarea rows={8} {...form.register('body')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Audience">
            <Select {...form.register('audience')}>
              {BATCH_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {BATCH_AUDIENCE_LABELS[a]}
                </option>
              ))}
            </Select>
          </Field>
          {audience === 'branch' && (
            <Field
              label="Branch"
              error={
                errors.branchId?.message ?? (branches.isError ? errorMessage(branches.error, 'Could not load the branches') : undefined)
              }
            >
              <Select
                disabled={branches.isLoading}
                {...form.register('branchId', { setValueAs: (v) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
              >
                <option value="">{branches.isLoading ? 'Loading branches…' : 'Choose a branch…'}</option>
                {branches.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.active ? b.name : `${b.name} (inactive)`}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {audience === 'accountType' && (
            <Field label="Account type" error={errors.accountType?.message}>
              <Select {...form.register('accountType', { setValueAs: (v) => (v === '' ? null : v) })}>
                <option value="">Choose…</option>
                <option value="individual">Individual</option>
                <option value="business">Business</option>
              </Select>
            </Field>
          )}
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={previewCall.isPending}>
            Preview
          </Button>
        </div>
      </form>
      {preview && (
        <section className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-4" aria-label="Preview">
          <p className="text-sm text-slate-700">
            {preview.recipientCount} recipient{preview.recipientCount === 1 ? '' : 's'}
            {preview.recipient && ` · shown as ${preview.recipient.name} <${preview.recipient.email}>`}
          </p>
          <p className="font-medium text-slate-900">{preview.subject}</p>
          <p className="text-sm whitespace-pre-wrap text-slate-800">{preview.body}</p>
          <Button onClick={() => setConfirming(true)} disabled={preview.recipientCount === 0}>
            Send to {preview.recipientCount}
          </Button>
          {preview.recipientCount === 0 && <p className="text-sm text-red-700">{BATCH_MESSAGES.noRecipients}</p>}
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send batch e-mail"
        busy={send.isPending}
        message={`Send this e-mail to ${preview?.recipientCount ?? 0} customers? This cannot be undone.`}
        confirmLabel="Send"
        onConfirm={() => void onSend()}
      />
      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Sent and drafts</h2>
        {batches.isLoading ? (
          <Spinner />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {(batches.data?.data.length ?? 0) === 0 && <li className="p-4 text-sm text-slate-500">No batch e-mails yet</li>}
            {batches.data?.data.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{b.subject}</span>
                  <span className="block text-xs text-slate-500">
                    {BATCH_AUDIENCE_LABELS[b.audience]} · sent {b.progress.sent}, failed {b.progress.failed}, waiting {b.progress.waiting}{' '}
                    of {b.progress.total}
                  </span>
                </span>
                <Badge tone={b.status === 'completed' ? 'green' : b.status === 'sending' ? 'blue' : 'neutral'}>{b.status}</Badge>
                {b.status !== 'draft' && (
                  <Button size="sm" variant="secondary" onClick={() => setReport(b.id)}>
                    Report
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {(batches.data?.total ?? 0) > 10 && (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button size="sm" variant="secondary" disabled={page * 10 >= (batches.data?.total ?? 0)} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        )}
      </section>
      <Dialog open={report !== null} onOpenChange={(o) => !o && setReport(null)} title="Recipients" className="max-w-3xl">
        {report !== null && <Recipients id={report} />}
      </Dialog>
    </div>
  );
}
