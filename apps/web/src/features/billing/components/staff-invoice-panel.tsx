import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { hasPermission } from '@courier/shared/domain/permissions';
import { voidInvoiceSchema } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useInvoice, useReissueInvoice, useVoidInvoice } from '../api/invoices';
import { CustomsDialog } from './customs-dialog';
import { InvoiceRefunds } from './invoice-refunds';
import { InvoiceView } from './invoice-view';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundPaymentDialog } from './refund-payment-dialog';

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
  const [dialog, setDialog] = useState<'pay' | 'void' | 'customs' | 'refund' | null>(null);
  const voidForm = useForm<z.input<typeof voidInvoiceSchema>, unknown, z.output<typeof voidInvoiceSchema>>({
    resolver: zodResolver(voidInvoiceSchema),
    defaultValues: { reason: '' },
  });
  const voidMutation = useVoidInvoice(invoiceNo, courierId);
  const reissue = useReissueInvoice(invoiceNo, courierId);

  if (invoice.isLoading) return <Spinner />;
  if (invoice.isError || !invoice.data) return <p role="alert">{errorMessage(invoice.error, 'Could not load the invoice')}</p>;
  const inv = invoice.data;
  const can = (p: string) => hasPermission(user, p);
  const open = inv.status === 'unpaid' || inv.status === 'partially_paid';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {open && can('payments_create') && <Button onClick={() => setDialog('pay')}>Record payment</Button>}
        {inv.payments.length > 0 && can('payments_create') && (
          <Button variant="secondary" onClick={() => setDialog('refund')}>
            Refund a payment
          </Button>
        )}
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
      <InvoiceRefunds invoiceNo={inv.invoiceNo} courierId={courierId} zone={inv.timeZone} />

      {dialog === 'pay' && (
        <RecordPaymentDialog
          open
          onOpenChange={(o) => setDialog(o ? 'pay' : null)}
          customerId={inv.customerId}
          customerName={inv.customerName}
          courierId={inv.courierId}
          invoiceNo={inv.invoiceNo}
        />
      )}

      <RefundPaymentDialog
        invoice={inv}
        courierId={courierId}
        open={dialog === 'refund'}
        onOpenChange={(o) => setDialog(o ? 'refund' : null)}
      />

      <Dialog open={dialog === 'void'} onOpenChange={(o) => setDialog(o ? 'void' : null)} title={`Void ${inv.invoiceNo}?`}>
        <form
          className="space-y-4"
          noValidate
          onSubmit={voidForm.handleSubmit(async (values) => {
            try {
              const done = await voidMutation.mutateAsync(values);
              toast.success(done.message);
              setDialog(null);
              voidForm.reset({ reason: '' });
            } catch (error) {
              toast.error(errorMessage(error, 'Could not void the invoice'));
            }
          })}
        >
          <p className="text-sm text-slate-700">A void invoice cannot be paid. Its packages can be invoiced again with Re-issue.</p>
          <Field label="Reason" error={voidForm.formState.errors.reason?.message}>
            <Textarea {...voidForm.register('reason')} maxLength={500} rows={3} />
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

      <CustomsDialog
        invoice={inv}
        courierId={courierId}
        open={dialog === 'customs'}
        onOpenChange={(o) => setDialog(o ? 'customs' : null)}
      />
    </div>
  );
}
