import { useState } from 'react';
import { toast } from 'sonner';
import { hasPermission } from '@courier/shared/domain/permissions';
import { BILLING_MESSAGES, parseJmdToCents } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCustomsAssessment, useInvoice, useReissueInvoice, useVoidInvoice } from '../api/invoices';
import { InvoiceView } from './invoice-view';
import { RecordPaymentDialog } from './record-payment-dialog';

/** Staff view of one invoice with what they may do to it: take a payment, customs, void, re-issue. */
export function StaffInvoicePanel({
  invoiceNo,
  courierId,
  onOpenInvoice,
}: {
  invoiceNo: string;
  courierId?: number;
  onOpenInvoice: (no: string) => void;
}) {
  const { user } = useSession();
  const invoice = useInvoice(invoiceNo, courierId);
  const [dialog, setDialog] = useState<'pay' | 'void' | 'customs' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [customsPackage, setCustomsPackage] = useState('');
  const [customsAmount, setCustomsAmount] = useState('');
  const [customsError, setCustomsError] = useState<string>();
  const voidMutation = useVoidInvoice(invoiceNo, courierId);
  const reissue = useReissueInvoice(invoiceNo, courierId);
  const customs = useCustomsAssessment(invoiceNo, courierId);

  if (invoice.isLoading) return <Spinner />;
  if (invoice.isError || !invoice.data) return <p role="alert">{errorMessage(invoice.error, 'Could not load the invoice')}</p>;
  const inv = invoice.data;
  const can = (p: string) => hasPermission(user, p);
  const open = inv.status === 'unpaid' || inv.status === 'partially_paid';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {open && can('payments_create') && <Button onClick={() => setDialog('pay')}>Record payment</Button>}
        {inv.status !== 'void' && can('invoices_edit') && (
          <Button variant="secondary" onClick={() => setDialog('customs')}>
            Customs assessment
          </Button>
        )}
        {inv.status !== 'void' && inv.paidCents === 0 && can('invoices_delete') && (
          <Button variant="danger" onClick={() => setDialog('void')}>
            Void invoice
          </Button>
        )}
        {inv.status === 'void' && !inv.replacedByInvoiceNo && can('invoices_create') && (
          <Button
            busy={reissue.isPending}
            onClick={async () => {
              try {
                const done = await reissue.mutateAsync(undefined);
                toast.success(`${done.message}: ${done.invoiceNo}`);
                onOpenInvoice(done.invoiceNo);
              } catch (error) {
                toast.error(errorMessage(error, 'Could not re-issue the invoice'));
              }
            }}
          >
            Re-issue
          </Button>
        )}
      </div>
      <InvoiceView invoice={inv} courierId={courierId} />

      {dialog === 'pay' && (
        <RecordPaymentDialog
          open
          onOpenChange={(o) => setDialog(o ? 'pay' : null)}
          customerId={inv.customerId}
          customerName={inv.customerName}
          invoiceNo={inv.invoiceNo}
        />
      )}

      <Dialog open={dialog === 'void'} onOpenChange={(o) => setDialog(o ? 'void' : null)} title={`Void ${inv.invoiceNo}?`}>
        <form
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!reason.trim()) return setReasonError(BILLING_MESSAGES.voidReasonRequired);
            try {
              const done = await voidMutation.mutateAsync({ reason });
              toast.success(done.message);
              setDialog(null);
              setReason('');
            } catch (error) {
              toast.error(errorMessage(error, 'Could not void the invoice'));
            }
          }}
        >
          <p className="text-sm text-slate-700">A void invoice cannot be paid. Its packages can be invoiced again with Re-issue.</p>
          <Field label="Reason" error={reasonError}>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={voidMutation.isPending}>
              Void invoice
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog open={dialog === 'customs'} onOpenChange={(o) => setDialog(o ? 'customs' : null)} title="Customs assessment">
        <form
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            const packageId = Number(customsPackage || inv.packages[0]?.id);
            const text = customsAmount.trim();
            const cents = text === '' ? null : parseJmdToCents(text);
            if (cents !== null && Number.isNaN(cents)) return setCustomsError(BILLING_MESSAGES.moneyStep);
            try {
              const done = await customs.mutateAsync({ packageId, assessedCents: cents });
              toast.success(done.message);
              setDialog(null);
              setCustomsAmount('');
            } catch (error) {
              toast.error(errorMessage(error, 'Could not save the customs assessment'));
            }
          }}
        >
          <p className="text-sm text-slate-700">
            Enter the duty customs assessed. It replaces the computed duty; leave it empty to go back to the computed one.
          </p>
          <Field label="Package">
            <Select value={customsPackage} onChange={(e) => setCustomsPackage(e.target.value)}>
              {inv.packages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.packageNumber} ({p.trackingNumber})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Assessed duty (JMD)" error={customsError}>
            <Input inputMode="decimal" value={customsAmount} onChange={(e) => setCustomsAmount(e.target.value)} placeholder="0.00" />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button type="submit" busy={customs.isPending}>
              Save
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
