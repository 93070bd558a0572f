import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type DeliveryRequestDto, cancelDeliveryFormSchema } from '@courier/shared/schemas/deliveries';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useChangeDeliveryStatus } from '../api/deliveries';

/**
 * Staff cancel a customer's delivery request only after confirming it here, with an optional
 * reason: the customer is told it, and the audit log keeps it.
 */
export function CancelDeliveryDialog({ request, onClose }: { request: DeliveryRequestDto; onClose: () => void }) {
  const form = useForm<z.input<typeof cancelDeliveryFormSchema>, unknown, z.output<typeof cancelDeliveryFormSchema>>({
    resolver: zodResolver(cancelDeliveryFormSchema),
    defaultValues: { reason: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const change = useChangeDeliveryStatus(onClose);
  const submit = handleSubmit(({ reason }) =>
    change.mutate(
      { id: request.id, status: 'cancelled', ...(reason ? { reason } : {}) },
      { onError: (err) => setError('reason', { message: errorMessage(err, 'Could not cancel the request') }) },
    ),
  );
  const what = request.packages.map((p) => p.packageNumber).join(', ');
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Cancel delivery request"
      description={`Cancel the delivery of ${what} for ${request.customerName} (${request.mailboxNumber})? The customer is told by e-mail; the packages stay at the branch.`}
    >
      <form className="space-y-4" noValidate onSubmit={submit}>
        <Field label="Reason for the customer (optional)" error={formState.errors.reason?.message}>
          <Textarea rows={3} maxLength={500} {...register('reason')} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep the request
          </Button>
          <Button type="submit" variant="danger" busy={change.isPending || formState.isSubmitting}>
            Cancel request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
