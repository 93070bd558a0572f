import { formatJmd, formatDecimal } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { BILLING_MESSAGES, type InvoiceDetail } from '@courier/shared/schemas/billing';
import { refundFormSchema } from '@courier/shared/schemas/online-payments';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRefundPayment } from '../api/online-payments';
import { TillField, useTill } from './till-branch';

type FormIn = z.input<typeof refundFormSchema>;
type FormOut = z.output<typeof refundFormSchema>;

/**
 * Gives back part or all of one payment on this invoice, with a reason: a credit note against the
 * invoice (its balance stays). Cash leaves a till (a person without a branch picks it); an online
 * payment is refunded at the gateway too (or the admin is told to do it in WiPay).
 */
export function RefundPaymentDialog({
  invoice,
  courierId,
  open,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  courierId?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const refund = useRefundPayment(courierId);
  const till = useTill(courierId);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(refundFormSchema) });
  const { register, handleSubmit, reset, setValue, setError, control, formState } = form;
  const { errors } = formState;
  const receiptNo = useWatch({ control, name: 'receiptNo' });
  const chosen = invoice.payments.find((p) => p.receiptNo === receiptNo) ?? invoice.payments[0];
  const [tillError, setTillError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    const first = invoice.payments[0];
    reset({ receiptNo: first?.receiptNo ?? '', amount: first ? formatDecimal(first.amountCents) : '', reason: '' });
    setTillError(undefined);
  }, [open, invoice.payments, reset]);

  const cash = chosen?.method === 'cash';
  const tillMissing = () => cash && till.choosing && till.branchId === null;
  const submit = handleSubmit(
    async (values) => {
      if (tillMissing()) {
        setTillError(BILLING_MESSAGES.refundTillRequired);
        return;
      }
      setTillError(undefined);
      if (!chosen) return;
      try {
        const done = await refund.mutateAsync({
          receiptNo: chosen.receiptNo,
          invoiceNo: invoice.invoiceNo,
          amountCents: values.amount,
          reason: values.reason,
          branchId: cash ? till.requestBranchId : undefined,
        });
        toast.success(`${done.message}: credit note ${done.creditNoteNo} on ${done.invoiceNo}`);
        onOpenChange(false);
      } catch (error) {
        const fields = error instanceof ApiError ? error.fieldErrors : undefined;
        if (fields?.amountCents?.[0]) setError('amount', { message: fields.amountCents[0] });
        if (fields?.branchId?.[0]) setTillError(fields.branchId[0]);
        toast.error(errorMessage(error, 'Could not record the refund'));
      }
    },
    // The till is checked with the fields, so every problem shows at once.
    () => setTillError(tillMissing() ? BILLING_MESSAGES.refundTillRequired : undefined),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Refund a payment" description={`On invoice ${invoice.invoiceNo}`}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field label="Payment">
          <Select
            {...register('receiptNo', {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                const p = invoice.payments.find((x) => x.receiptNo === e.target.value);
                if (p) setValue('amount', formatDecimal(p.amountCents));
              },
            })}
          >
            {invoice.payments.map((p) => (
              <option key={p.receiptNo} value={p.receiptNo}>
                {p.receiptNo} · {PAYMENT_METHOD_LABELS[p.method]} · {formatJmd(p.amountCents)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Amount to refund (JMD)" error={errors.amount?.message}>
          <Input inputMode="decimal" {...register('amount')} />
        </Field>
        <Field label="Reason" error={errors.reason?.message}>
          <Textarea {...register('reason')} maxLength={500} rows={3} />
        </Field>
        {chosen?.method === 'cash' && <TillField till={till} label="Branch handing the cash back" error={tillError} />}
        <p className="text-sm text-slate-600">
          The refund is recorded as a credit note on the invoice: what it charges and what was paid both go down, so its balance stays{' '}
          {formatJmd(invoice.balanceCents)}.
        </p>
        {chosen?.method === 'online' && (
          <p className="text-sm text-slate-600">The card is refunded through the payment gateway before the refund is recorded.</p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
