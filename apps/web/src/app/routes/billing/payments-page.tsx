import { formatJmd } from '@courier/shared/format/money';
import { FileDown, Printer } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import type { Payment, ReceiptFormat } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { TestBadge } from '@/components/ui/test-badge';
import { openFile } from '@/lib/download';
import { usePayments } from '@/features/billing/api/payments';
import { CashUpCard } from '@/features/billing/components/cash-up-card';

import { usePortal } from '@/lib/portal-context';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';

/** Opens the receipt PDF: on the courier's A4/Letter paper, or as the 80 mm roll of a receipt printer. */
function ReceiptButton({ payment, format = 'page' }: { payment: Payment; format?: ReceiptFormat }) {
  const { portal } = usePortal();
  const [busy, setBusy] = useState(false);
  const thermal = format === 'thermal';
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={busy}
      aria-label={thermal ? `Print receipt ${payment.receiptNo} (80 mm)` : `Receipt ${payment.receiptNo}`}
      onClick={async () => {
        setBusy(true);
        try {
          await openFile(`/payments/${payment.receiptNo}/receipt`, {
            courierId: portal === 'superadmin' ? payment.courierId : undefined,
            format: thermal ? 'thermal' : undefined,
          });
        } catch (error) {
          toast.error(errorMessage(error, 'Could not open the receipt'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {thermal ? (
        <>
          <Printer className="size-4" aria-hidden /> Print receipt (80 mm)
        </>
      ) : (
        <>
          <FileDown className="size-4" aria-hidden /> Receipt
        </>
      )}
    </Button>
  );
}

/** Payments: the customer's history, or the courier's payments (super admin: every courier's). */
export default function PaymentsPage() {
  const dates = useDateFormat();
  const { portal } = usePortal();
  const list = useListState({ sort: { field: 'paidAt', order: 'desc' } });
  const payments = usePayments(list.query);
  const columns: Array<DataTableColumn<Payment>> = [
    { field: 'receiptNo', priority: 1, label: 'Receipt', sortable: true, filterable: false },
    ...(portal === 'superadmin' ? [{ field: 'courierName', priority: 2, label: 'Courier' }] : []),
    ...(portal === 'customer'
      ? []
      : [
          {
            field: 'customerName',
            priority: 2,
            label: 'Customer',
            sortable: true,
            filterable: false,
            wrap: true,
            render: (r: Payment) => `${r.customerName} (${r.mailboxNumber})`,
          },
        ]),
    { field: 'invoiceNos', priority: 3, label: 'Invoices', filterable: false, wrap: true, render: (r) => r.invoiceNos.join(', ') },
    {
      field: 'method',
      priority: 3,
      label: 'Method',
      sortable: true,
      render: (r) => `${PAYMENT_METHOD_LABELS[r.method]}${r.reference ? ` (${r.reference})` : ''}`,
      filterOptions: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
    },
    {
      field: 'amountCents',
      priority: 1,
      label: 'Amount',
      sortable: true,
      wrap: true,
      // TEST beside the amount, so it shows in every layout (a phone's cards too); what came back
      // of it as the credit notes say, so the statement explains the difference.
      render: (r) =>
        r.test || r.refundedCents > 0 ? (
          <span>
            <span className="inline-flex flex-wrap items-center gap-1.5">
              {formatJmd(r.amountCents)} {r.test && <TestBadge />}
            </span>
            {r.refundedCents > 0 && (
              <span className="block text-xs text-slate-600">
                refunded {formatJmd(r.refundedCents)} ({r.creditNoteNos.join(', ')})
              </span>
            )}
          </span>
        ) : (
          formatJmd(r.amountCents)
        ),
    },
    ...(portal === 'customer'
      ? []
      : [{ field: 'branchName', priority: 4, label: 'Branch', sortable: true, render: (r: Payment) => r.branchName ?? '' }]),
    { field: 'paidAt', priority: 2, label: 'Date', sortable: true, filterable: false, render: (r) => dates.date(r.paidAt, r.timeZone) },
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Payments</h1>
        <p className="mt-1 text-sm text-slate-600">
          {portal === 'customer'
            ? 'Your payments and receipts.'
            : 'Payments taken at the counter and by bank transfer, with their receipts.'}
        </p>
      </div>
      {(portal === 'admin' || portal === 'staff') && <CashUpCard />}
      <DataTable
        label="Payments"
        empty={{
          description:
            portal === 'customer'
              ? 'Your payments and their receipts appear here once you pay an invoice.'
              : 'Payments taken at the counter or by bank transfer appear here, with their receipts. Take one from an invoice.',
          action: portal === 'customer' ? undefined : { label: 'Go to invoices', to: '../invoices', variant: 'secondary' },
        }}
        columns={columns}
        data={payments.data?.data ?? []}
        total={payments.data?.total ?? 0}
        loading={payments.isFetching}
        error={payments.error ? errorMessage(payments.error, 'Could not load payments') : null}
        onRetry={() => void payments.refetch()}
        exportPath="/payments"
        getRowId={(r) => r.id}
        searchPlaceholder="Receipt, reference or customer"
        {...list.tableProps}
        actions={(r) => (
          <>
            <ReceiptButton payment={r} />
            {/* The front desk's receipt printer; customers print the page receipt. */}
            {portal !== 'customer' && <ReceiptButton payment={r} format="thermal" />}
          </>
        )}
      />
    </div>
  );
}
