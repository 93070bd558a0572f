import { formatDecimal, formatAmount, formatJmd } from '@courier/shared/format/money';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { changeDue } from '@courier/shared/domain/cash-up';
import { BILLING_MESSAGES, STAFF_PAYMENT_METHODS, parseJmdToCents, recordPaymentSchema } from '@courier/shared/schemas/billing';
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

type Method = (typeof STAFF_PAYMENT_METHODS)[number];

/** Takes cash, card, a bank transfer or account credit against one or several open invoices of one customer. */
export function RecordPaymentDialog({ open, onOpenChange, customerId, customerName, courierId, invoiceNo }: Props) {
  const openInvoices = useInvoices({ customerId, courierId, limit: 50, sort: 'issuedAt', order: 'asc' });
  const record = useRecordPayment(courierId);
  const till = useTill(courierId);
  const [method, setMethod] = useState<Method>('cash');
  const [reference, setReference] = useState('');
  const [tendered, setTendered] = useState('');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const candidates = (openInvoices.data?.data ?? []).filter((i) => i.status === 'unpaid' || i.status === 'partially_paid');

  useEffect(() => {
    if (!open) return;
    setMethod('cash');
    setReference('');
    setTendered('');
    setErrors({});
    setAmounts({});
  }, [open]);

  const totalCents = Object.values(amounts).reduce((s, v) => {
    const c = parseJmdToCents(v);
    return Number.isNaN(c) ? s : s + c;
  }, 0);
  const tenderedCents = method === 'cash' && tendered.trim() !== '' ? parseJmdToCents(tendered) : null;
  const change = tenderedCents === null || Number.isNaN(tenderedCents) ? null : changeDue(tenderedCents, totalCents);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const allocations: Array<{ invoiceNo: string; amountCents: number }> = [];
    for (const inv of candidates) {
      const text = amounts[inv.invoiceNo]?.trim() ?? '';
      if (text === '') continue;
      const cents = parseJmdToCents(text);
      if (Number.isNaN(cents)) next[inv.invoiceNo] = BILLING_MESSAGES.moneyStep;
      else if (cents <= 0) next[inv.invoiceNo] = BILLING_MESSAGES.amountPositive;
      else if (cents > inv.balanceCents) next[inv.invoiceNo] = BILLING_MESSAGES.overpayment(inv.invoiceNo, formatAmount(inv.balanceCents));
      else allocations.push({ invoiceNo: inv.invoiceNo, amountCents: cents });
    }
    if (tenderedCents !== null && Number.isNaN(tenderedCents)) next.tendered = BILLING_MESSAGES.moneyStep;
    // Account credit draws from the customer's ledger: no till.
    const fromCredit = method === 'account_credit';
    if (!fromCredit && till.choosing && till.branchId === null) next.branchId = BILLING_MESSAGES.tillRequired;
    const parsed = recordPaymentSchema.safeParse({
      method,
      branchId: fromCredit ? undefined : till.requestBranchId,
      reference: reference.trim() || undefined,
      allocations,
      tenderedCents: tenderedCents === null || Number.isNaN(tenderedCents) ? undefined : tenderedCents,
    });
    // An amount already refused on its invoice leaves no allocation: say that, not "Choose at least one invoice".
    const amountRefused = candidates.some((inv) => next[inv.invoiceNo]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const key = field === 'reference' ? 'reference' : field === 'tenderedCents' ? 'tendered' : 'form';
        if (key === 'form' && amountRefused) continue;
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    try {
      const done = await record.mutateAsync(parsed.data);
      const changeText = done.changeCents ? `, change due ${formatJmd(done.changeCents)}` : '';
      toast.success(`${done.message}: receipt ${done.receiptNo}${changeText}`);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const f = error.fieldErrors;
        setErrors({
          ...(f.branchId?.[0] ? { branchId: f.branchId[0] } : {}),
          ...(f.reference?.[0] ? { reference: f.reference[0] } : {}),
          ...(f.tenderedCents?.[0] ? { tendered: f.tenderedCents[0] } : {}),
        });
      }
      toast.error(errorMessage(error, 'Could not record the payment'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Record payment" description={`From ${customerName}`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {method === 'account_credit' ? (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
            Drawn from the customer's account credit (no till). Their balance is on their customer page.
          </p>
        ) : (
          <TillField till={till} error={errors.branchId} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Method">
            <Select value={method} onChange={(e) => setMethod(e.target.value as Method)}>
              {STAFF_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={method === 'bank_transfer' ? 'Reference' : 'Reference (optional)'} error={errors.reference}>
            <Input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} />
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
              {candidates.map((inv) => (
                <li key={inv.invoiceNo}>
                  <Field label={`${inv.invoiceNo} · balance ${formatJmd(inv.balanceCents)}`} error={errors[inv.invoiceNo]}>
                    <Input
                      inputMode="decimal"
                      placeholder={inv.invoiceNo === invoiceNo ? formatDecimal(inv.balanceCents) : '0.00'}
                      value={amounts[inv.invoiceNo] ?? ''}
                      onChange={(e) => setAmounts((a) => ({ ...a, [inv.invoiceNo]: e.target.value }))}
                    />
                  </Field>
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    onClick={() => setAmounts((a) => ({ ...a, [inv.invoiceNo]: formatDecimal(inv.balanceCents) }))}
                  >
                    Pay full balance
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {errors.form && (
            <p className="mt-2 text-sm text-red-600" role="alert">
              {errors.form}
            </p>
          )}
        </fieldset>
        {method === 'cash' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Amount tendered (JMD, optional)" error={errors.tendered}>
              <Input inputMode="decimal" value={tendered} onChange={(e) => setTendered(e.target.value)} placeholder="0.00" />
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
