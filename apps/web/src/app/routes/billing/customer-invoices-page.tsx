import { formatJmd } from '@courier/shared/format/money';
import { Link } from 'react-router';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS } from '@courier/shared/constants/billing';
import type { InvoiceSummary } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { useInvoices } from '@/features/billing/api/invoices';

import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';

export const customerInvoicePath = (invoiceNo: string) => `/customer/invoices/${encodeURIComponent(invoiceNo)}`;

/** /customer/invoices: the customer's own invoices. */
export default function CustomerInvoicesPage() {
  const dates = useDateFormat();
  const list = useListState({ sort: { field: 'issuedAt', order: 'desc' } });
  const invoices = useInvoices(list.query);
  const columns: Array<DataTableColumn<InvoiceSummary>> = [
    {
      field: 'invoiceNo',
      priority: 1,
      label: 'Invoice',
      sortable: true,
      filterable: false,
      render: (r) => (
        <Link className="font-medium whitespace-nowrap text-brand-700 hover:underline" to={customerInvoicePath(r.invoiceNo)}>
          {r.invoiceNo}
        </Link>
      ),
    },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (r) => <StatusBadge kind="invoice" status={r.status} />,
      filterOptions: INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] })),
    },
    { field: 'packageCount', priority: 3, label: 'Packages', filterable: false },
    { field: 'totalCents', priority: 2, label: 'Total', sortable: true, render: (r) => formatJmd(r.totalCents) },
    { field: 'balanceCents', priority: 2, label: 'Balance', sortable: true, filterable: false, render: (r) => formatJmd(r.balanceCents) },
    { field: 'issuedAt', priority: 2, label: 'Issued', sortable: true, filterable: false, render: (r) => dates.date(r.issuedAt) },
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Invoices</h1>
        <p className="mt-1 text-sm text-slate-600">Pay at the counter by cash or card, or by bank transfer quoting the invoice number.</p>
      </div>
      <DataTable
        label="Your invoices"
        empty={{
          description: 'An invoice appears here when a package of yours is ready for pickup; pay it at the counter or by bank transfer.',
          action: { label: 'See my packages', to: '../packages', variant: 'secondary' },
        }}
        columns={columns}
        data={invoices.data?.data ?? []}
        total={invoices.data?.total ?? 0}
        loading={invoices.isFetching}
        error={invoices.error ? errorMessage(invoices.error, 'Could not load invoices') : null}
        onRetry={() => void invoices.refetch()}
        getRowId={(r) => r.id}
        searchPlaceholder="Invoice number"
        {...list.tableProps}
        actions={(r) => (
          <Button asChild size="sm" variant="secondary" aria-label={`View ${r.invoiceNo}`} data-row-open>
            <Link to={customerInvoicePath(r.invoiceNo)}>View</Link>
          </Button>
        )}
      />
    </div>
  );
}
