import { formatDecimal, formatJmd, parseCents } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { changeDue } from '@courier/shared/domain/cash-up';
import { BILLING_MESSAGES, STAFF_PAYMENT_METHODS, recordPaymentFormSchema } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useInvoices } from '../api/invoices';
import { useRecordPayment } from '../api/payments';
import { TillField, useTill } from './till-branch';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customerId: number;
  customerName: string;
  /** The invoice's courier: a super admin's payment is taken for it. */
  courierId: number;
  /** The invoice the payment starts from; the customer's other open invoices can be added. */
  invoiceNo: string;
}

type FormIn = z.input<ReturnType<typeof recordPaymentFormSchema>>;
type FormOut = z.output<ReturnType<typeof recordPaymentFormSchema>>;

/** Takes cash, card, a bank transfer or account credit against one or several open invoices of one customer. */
export function RecordPaymentDialog({ open, onOpenChange, customerId, customerName, courierId, invoiceNo }: Props) {
  const openInvoices = useInvoices({ customerId, courierId, limit: 50, sort: 'issuedAt', order: 'asc' });
  const record = useRecordPayment(courierId);
  const till = useTill(courierId);
  const candidates = useMemo(
    () => (openInvoices.data?.data ?? []).filter((i) => i.status === 'unpaid' || i.status === 'partially_paid'),
    [openInvoices.data],
  );
  const schema = useMemo(() => recordPaymentFormSchema(candidates), [candidates]);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(schema) });
  const { register, handleSubmit, reset, setValue, setError, control, formState } = form;
  const { errors } = formState;
  const method = useWatch({ control, name: 'method' }) ?? 'cash';
  const tendered = useWatch({ control, name: 'tendered' }) ?? '';
  const amounts = useWatch({ control, name: 'amounts' }) ?? [];
  const [tillError, setTillError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    reset({ method: 'cash', reference: '', tendered: '', amounts: [] });
    setTillError(undefined);
  }, [open, reset]);

  const totalCents = amounts.reduce((s, v) => {
    return s + (parseCents(v ?? '') ?? 0);
  }, 0);
  const tenderedCents = method === 'cash' && tendered.trim() !== '' ? parseCents(tendered) : null;
  const change = tenderedCents === null ? null : changeDue(tenderedCents, totalCents);

  // Account credit draws from the customer's ledger: no till.
  const tillMissing = () => method !== 'account_credit' && till.choosing && till.branchId === null;
  const submit = handleSubmit(
    async (values) => {
      if (tillMissing()) {
        setTillError(BILLING_MESSAGES.tillRequired);
        return;
      }
      setTillError(undefined);
      try {
        const done = await record.mutateAsync({
          ...values,
          branchId: values.method === 'account_credit' ? undefined : till.requestBranchId,
        });
        const changeText = done.changeCents ? `, change due ${formatJmd(done.changeCents)}` : '';
        toast.success(`${done.message}: receipt ${done.receiptNo}${changeText}`);
        onOpenChange(false);
      } catch (error) {
        const f = error instanceof ApiError ? error.fieldErrors : undefined;
        if (f?.branchId?.[0]) setTillError(f.branchId[0]);
        if (f?.reference?.[0]) setError('reference', { message: f.reference[0] });
        if (f?.tenderedCents?.[0]) setError('tendered', { message: f.tenderedCents[0] });
        toast.error(errorMessage(error, 'Could not record the payment'));
      }
    },
    // The till is checked with the fields, so every problem shows at once.
    () => setTillError(tillMissing() ? BILLING_MESSAGES.tillRequired : undefined),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Record payment" description={`From ${customerName}`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {method === 'account_credit' ? (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
            Drawn from the customer's account credit (no till). Their balance is on their customer page.
          </p>
        ) : (
          <TillField till={till} error={tillError} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Method">
            <Select {...register('method')}>
              {STAFF_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={method === 'bank_transfer' ? 'Reference' : 'Reference (optional)'} error={errors.reference?.message}>
            <Input {...register('reference')} maxLength={100} />
          </Field>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-900">Amounts (JMD)</legend>
          {openInvoices.isLoading ? (
            <Spinner />
          ) : candidates.length === 0 ? (
            <p className="text-sm text-slate-600">This customer has no open invoices.</p>
          ) : (
            <ul className="space-y-3">
              {candidates.map((inv, i) => (
                <li key={inv.invoiceNo}>
                  <Field label={`${inv.invoiceNo} · balance ${formatJmd(inv.balanceCents)}`} error={errors.amounts?.[i]?.message}>
                    <Input
                      inputMode="decimal"
                      placeholder={inv.invoiceNo === invoiceNo ? formatDecimal(inv.balanceCents) : '0.00'}
                      {...register(`amounts.${i}`)}
                    />
                  </Field>
                  <Button type="button" variant="link" size="sm" onClick={() => setValue(`amounts.${i}`, formatDecimal(inv.balanceCents))}>
                    Pay full balance
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {errors.amounts?.message && (
            <p className="mt-2 text-sm text-red-600" role="alert">
              {errors.amounts.message}
            </p>
          )}
        </fieldset>
        {method === 'cash' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Amount tendered (JMD, optional)" error={errors.tendered?.message}>
              <Input inputMode="decimal" {...register('tendered')} placeholder="0.00" />
            </Field>
            <div className="self-end pb-2 text-sm text-slate-700" aria-live="polite">
              Change due{' '}
              <strong className="tabular-nums" data-testid="change-due">
                {change === null ? '—' : formatJmd(change)}
              </strong>
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
          <span className="text-sm text-slate-700">
            Total <strong className="tabular-nums">{formatJmd(totalCents)}</strong>
          </span>
          <div className="flex gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={record.isPending}>
              Record payment
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
