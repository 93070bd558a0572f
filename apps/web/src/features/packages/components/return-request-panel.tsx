import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { LEAVING_KINDS, type LeavingKind } from '@courier/shared/domain/package-status';
import { formatMoney } from '@courier/shared/format/money';
import { LEAVING_LABELS, RETURN_MESSAGES, requestReturnSchema } from '@courier/shared/schemas/return-requests';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCancelReturn, useRequestReturn, useReturnRequest } from '../api/return-request';
import { StaffReturnRequest, doneText } from './return-request-staff';

interface Props {
  packageId: number;
  packageNumber: string;
  zone: string;
}

const askFormSchema = requestReturnSchema.pick({ kind: true, note: true });
type AskForm = z.input<typeof askFormSchema>;

/** The customer's side: choose return or discard (each price shown), confirm, cancel free until it is done. */
function CustomerReturn({ packageId, packageNumber, zone }: Props) {
  const state = useReturnRequest(packageId, true);
  const ask = useRequestReturn(packageId);
  const cancel = useCancelReturn(packageId);
  const [confirming, setConfirming] = useState<'ask' | 'cancel' | null>(null);
  const form = useForm<AskForm>({ resolver: zodResolver(askFormSchema), defaultValues: { kind: 'return', note: '' } });
  const kind = useWatch({ control: form.control, name: 'kind' }) as LeavingKind;
  const s = state.data;
  if (state.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(state.error, 'Could not load the return options')}
      </p>
    );
  }
  if (!s) return null;
  const request = s.request;
  if (!request && !s.canRequest) return null;
  const price = s.prices[kind];
  const send = form.handleSubmit((values) =>
    ask.mutate(
      { kind: values.kind, feeCents: s.prices[values.kind].feeCents, ...(values.note ? { note: values.note } : {}) },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(RETURN_MESSAGES.requested[values.kind]);
        },
        onError: (error) => {
          setConfirming(null);
          toast.error(errorMessage(error, 'Could not send the request'));
          void state.refetch();
        },
      },
    ),
  );
  return (
    <section aria-label="Return to sender or discard" className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      <h3 className="font-semibold text-slate-900">Return to sender or discard</h3>
      {!request ? (
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setConfirming('ask');
          }}
        >
          <p className="text-slate-700">Don't want this parcel forwarded? We can send it back to the sender or discard it.</p>
          <fieldset className="space-y-1">
            <legend className="sr-only">What should we do?</legend>
            {LEAVING_KINDS.map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" value={k} className="accent-brand-700" {...form.register('kind')} />
                {LEAVING_LABELS[k]}: {formatMoney(s.prices[k].feeCents)}
              </label>
            ))}
          </fieldset>
          <Field
            label="Instructions (optional)"
            hint="E.g. the merchant's return authorisation"
            error={form.formState.errors.note?.message}
          >
            <Textarea rows={2} maxLength={500} className="min-h-0" {...form.register('note')} />
          </Field>
          <Button size="sm" variant="secondary" type="submit">
            {kind === 'return' ? 'Return to sender' : 'Discard this parcel'}
          </Button>
        </form>
      ) : request.status === 'open' ? (
        <>
          <p role="status" className="text-slate-700">
            {LEAVING_LABELS[request.kind]} requested {formatDateTime(request.requestedAt, zone)} for {formatMoney(request.feeCents)}. The
            parcel will not be forwarded; we will e-mail you when it is done.
          </p>
          <Button size="sm" variant="secondary" onClick={() => setConfirming('cancel')}>
            Cancel request
          </Button>
        </>
      ) : (
        <p role="status" className="text-slate-700">
          {doneText(request, zone)}
        </p>
      )}
      <ConfirmDialog
        open={confirming === 'ask'}
        onOpenChange={(o) => setConfirming(o ? 'ask' : null)}
        title={kind === 'return' ? `Return ${packageNumber} to the sender?` : `Discard ${packageNumber}?`}
        message={`${
          kind === 'return'
            ? `We will send ${packageNumber} back to the sender instead of forwarding it.`
            : `We will discard ${packageNumber} instead of forwarding it; it cannot be recovered once done.`
        } ${formatMoney(price.feeCents)} (${price.feeName}) is invoiced when it is done. You can cancel free until then.`}
        cancelLabel="Not now"
        confirmLabel={`Confirm for ${formatMoney(price.feeCents)}`}
        variant={kind === 'discard' ? 'danger' : 'primary'}
        busy={ask.isPending}
        onConfirm={() => void send()}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(o) => setConfirming(o ? 'cancel' : null)}
        title="Cancel the request?"
        message="Nothing is charged, and the parcel goes on to you as usual."
        confirmLabel="Cancel request"
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirming(null);
              toast.success(RETURN_MESSAGES.cancelled);
            },
            onError: (error) => toast.error(errorMessage(error, 'Could not cancel the request')),
          })
        }
      />
    </section>
  );
}

/** The return to sender or discard of a package, as the customer or the courier's staff see it. */
export function ReturnRequestPanel({ customer, canEdit = false, ...props }: Props & { customer: boolean; canEdit?: boolean }) {
  return customer ? <CustomerReturn {...props} /> : <StaffReturnRequest {...props} canEdit={canEdit} />;
}
