import { formatJmd, formatDecimal } from '@courier/shared/format/money';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { BILLING_MESSAGES, type InvoiceDetail, parseJmdToCents } from '@courier/shared/schemas/billing';
import { ONLINE_PAYMENT_MESSAGES } from '@courier/shared/schemas/online-payments';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRefundPayment } from '../api/online-payments';
import { TillField, useTill } from './till-branch';

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
  const [receiptNo, setReceiptNo] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [toCredit, setToCredit] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = invoice.payments.find((p) => p.receiptNo === receiptNo) ?? invoice.payments[0];

  useEffect(() => {
    if (!open) return;
    const first = invoice.payments[0];
    setReceiptNo(first?.receiptNo ?? '');
    setAmount(first ? formatDecimal(first.amountCents) : '');
    setReason('');
    setToCredit(false);
    setErrors({});
  }, [open, invoice.payments]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const cents = parseJmdToCents(amount.trim());
    if (amount.trim() === '') next.amount = BILLING_MESSAGES.amountRequired;
    else if (Number.isNaN(cents)) next.amount = BILLING_MESSAGES.moneyStep;
    else if (cents <= 0) next.amount = BILLING_MESSAGES.amountPositive;
    if (!reason.trim()) next.reason = ONLINE_PAYMENT_MESSAGES.refundReasonRequired;
    // Account credit is never handed over a till; neither is a refund given as credit.
    const cash = chosen?.method === 'cash' && !toCredit;
    if (cash && till.choosing && till.branchId === null) next.branchId = BILLING_MESSAGES.refundTillRequired;
    setErrors(next);
    if (Object.keys(next).length > 0 || !chosen) return;
    try {
      const done = await refund.mutateAsync({
        receiptNo: chosen.receiptNo,
        invoiceNo: invoice.invoiceNo,
        amountCents: cents,
        reason: reason.trim(),
        ...(toCredit ? { toCredit: true } : {}),
        branchId: cash ? till.requestBranchId : undefined,
      });
      toast.success(`${done.message}: credit note ${done.creditNoteNo} on ${done.invoiceNo}`);
      onOpenChange(false);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields?.amountCents?.[0] || fields?.branchId?.[0])
        setErrors({
          ...(fields.amountCents?.[0] ? { amount: fields.amountCents[0] } : {}),
          ...(fields.branchId?.[0] ? { branchId: fields.branchId[0] } : {}),
        });
      toast.error(errorMessage(error, 'Could not record the refund'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Refund a payment" description={`On invoice ${invoice.invoiceNo}`}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field label="Payment">
          <Select
            value={chosen?.receiptNo ?? ''}
            onChange={(e) => {
              setReceiptNo(e.target.value);
              const p = invoice.payments.find((x) => x.receiptNo === e.target.value);
              if (p) setAmount(formatDecimal(p.amountCents));
            }}
          >
            {invoice.payments.map((p) => (
              <option key={p.receiptNo} value={p.receiptNo}>
                {p.receiptNo} · {PAYMENT_METHOD_LABELS[p.method]} · {formatJmd(p.amountCents)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Amount to refund (JMD)" error={errors.amount}>
          <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field label="Reason" error={errors.reason}>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} />
        </Field>
        {chosen?.method !== 'account_credit' && (
          <Checkbox
            label="Give it back as account credit (no cash, no card refund)"
            checked={toCredit}
            onChange={(e) => setToCredit(e.target.checked)}
          />
        )}
        {chosen?.method === 'cash' && !toCredit && <TillField till={till} label="Branch handing the cash back" error={errors.branchId} />}
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
