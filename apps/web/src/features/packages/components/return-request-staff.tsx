import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { formatMoney } from '@courier/shared/format/money';
import { RETURN_MESSAGES, type ReturnRequest, completeReturnSchema } from '@courier/shared/schemas/return-requests';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCompleteReturn, useReturnRequest } from '../api/return-request';

/** What was done, in the customer's and staff's words. */
export function doneText(request: ReturnRequest, zone: string) {
  const when = request.doneAt ? formatDateTime(request.doneAt, zone) : '';
  const what =
    request.kind === 'return' ? `Returned to the sender ${when}, tracking ${request.returnTrackingNumber ?? ''}` : `Discarded ${when}`;
  return `${what}. ${request.feeName}: ${formatMoney(request.feeCents)}${request.invoiceNo ? ` on invoice ${request.invoiceNo}` : ''}.`;
}

type RecordForm = z.input<typeof completeReturnSchema>;

/** The record form: a return needs the tracking number it went back with; a discard asks before it is recorded. */
export function RecordDone({ packageId, request }: { packageId: number; request: ReturnRequest }) {
  const done = useCompleteReturn(packageId);
  const [confirming, setConfirming] = useState<RecordForm | null>(null);
  const schema =
    request.kind === 'return'
      ? completeReturnSchema.extend({ returnTrackingNumber: z.string().trim().min(1, RETURN_MESSAGES.trackingRequired).max(60) })
      : completeReturnSchema;
  const form = useForm<RecordForm>({ resolver: zodResolver(schema), defaultValues: { returnTrackingNumber: '', note: '' } });
  const { errors } = form.formState;
  const record = (values: RecordForm) =>
    done.mutate(
      {
        ...(values.returnTrackingNumber ? { returnTrackingNumber: values.returnTrackingNumber } : {}),
        ...(values.note ? { note: values.note } : {}),
      },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(RETURN_MESSAGES.done[request.kind]);
        },
        onError: (error) => {
          setConfirming(null);
          toast.error(errorMessage(error, 'Could not record it'));
        },
      },
    );
  return (
    <form className="space-y-2" noValidate onSubmit={form.handleSubmit((values) => setConfirming(values))}>
      {request.kind === 'return' && (
        <Field label="Return tracking number" error={errors.returnTrackingNumber?.message}>
          <Input autoComplete="off" {...form.register('returnTrackingNumber')} />
        </Field>
      )}
      <Field label="Note (optional)" error={errors.note?.message}>
        <Input autoComplete="off" maxLength={500} {...form.register('note')} />
      </Field>
      <Button size="sm" type="submit" variant={request.kind === 'discard' ? 'danger' : 'primary'}>
        {request.kind === 'return' ? 'Record: returned to sender' : 'Record: discarded'}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={request.kind === 'return' ? 'Record the return?' : 'Record the discard?'}
        message={`The parcel leaves for good and ${formatMoney(request.feeCents)} (${request.feeName}) is invoiced to the customer, who is told.`}
        confirmLabel={request.kind === 'return' ? 'Record return' : 'Record discard'}
        busy={done.isPending}
        onConfirm={() => confirming && record(confirming)}
      />
    </form>
  );
}

/** Staff's side: the open request stands out with what to do; they record it done. */
export function StaffReturnRequest({ packageId, zone, canEdit }: { packageId: number; zone: string; canEdit: boolean }) {
  const state = useReturnRequest(packageId, false);
  const request = state.data?.request;
  if (!request) return null;
  if (request.status === 'done') {
    return (
      <p role="status" className="rounded-md border border-slate-200 p-3 text-sm text-slate-700">
        {doneText(request, zone)}
      </p>
    );
  }
  return (
    <section
      aria-label="Return or discard requested"
      className="space-y-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">
        The customer asked for this parcel to be {request.kind === 'return' ? 'returned to the sender' : 'discarded'}
      </p>
      <p>
        Requested {formatDateTime(request.requestedAt, zone)} ({request.feeName}, {formatMoney(request.feeCents)}). It does not ship and is
        not released; record what was done and the fee is invoiced.
      </p>
      {request.note && <p>Customer's instructions: {request.note}</p>}
      {canEdit && <RecordDone packageId={packageId} request={request} />}
    </section>
  );
}
