import type { InvoiceSummary, Payment } from '@courier/shared/schemas/billing';
import type { PackageDto as Package } from '@courier/shared/schemas/packages';
import type { Ticket } from '@courier/shared/schemas/tickets';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { useCustomerActivity } from '../api/customers';
import { type DateFormat, useDateFormat } from '@/lib/format-date';
import { usePortal } from '@/lib/portal-context';
import { formatJmd } from '@courier/shared/format/money';
import { StatusBadge } from '@/components/ui/status-badge';
import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';

interface CustomerListProps<T extends { id: number }> {
  customerId: number;
  /** Card title, also the plural noun of the messages ("Packages" -> "Failed to load packages"). */
  title: string;
  path: string;
  columns: Array<DataTableColumn<T>>;
  /**
   * How the customer is named to the server: as a fixed filter beside the person's own filters,
   * or (invoices) as a query parameter of its own.
   */
  customerAs?: 'filter' | 'query';
}

/** One card of the customer page: a server-side list of this customer's records. */
function CustomerList<T extends { id: number }>({ customerId, title, path, columns, customerAs = 'filter' }: CustomerListProps<T>) {
  const list = useListState();
  const query =
    customerAs === 'query'
      ? { ...list.query, customerId }
      : { ...list.query, filters: JSON.stringify({ ...list.state.filters, customerId: String(customerId) }) };
  const page = useCustomerActivity<T>(path, customerId, query);
  const noun = title.toLowerCase();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable
          label={`Customer ${noun}`}
          columns={columns}
          data={page.data?.data ?? []}
          total={page.data?.total ?? 0}
          totalCapped={page.data?.totalCapped}
          loading={page.isFetching}
          error={page.error ? errorMessage(page.error, `Failed to load ${noun}`) : null}
          onRetry={() => void page.refetch()}
          getRowId={(row) => row.id}
          searchPlaceholder={`Search ${noun}...`}
          empty={{ description: `This customer's ${noun} appear here.` }}
          {...list.tableProps}
        />
      </CardContent>
    </Card>
  );
}

const packageColumns = (dates: DateFormat): Array<DataTableColumn<Package>> => [
  { field: 'packageNumber', priority: 1, label: 'Package', sortable: true },
  { field: 'trackingNumber', priority: 3, label: 'Tracking number', width: 200 },
  {
    field: 'status',
    priority: 1,
    label: 'Status',
    sortable: true,
    render: (p) => <StatusBadge kind="package" status={p.status} />,
    filterable: false,
  },
  { field: 'weightLb', priority: 4, label: 'Weight (lb)', width: 110, filterable: false },
  { field: 'receivedAt', priority: 2, label: 'Received', filterable: false, render: (p) => dates.date(p.receivedAt) },
];

const invoiceColumns = (dates: DateFormat): Array<DataTableColumn<InvoiceSummary>> => [
  { field: 'invoiceNo', priority: 1, label: 'Invoice', sortable: true },
  { field: 'status', priority: 1, label: 'Status', render: (i) => <StatusBadge kind="invoice" status={i.status} />, filterable: false },
  { field: 'totalCents', priority: 2, label: 'Total', render: (i) => formatJmd(i.totalCents), filterable: false },
  { field: 'balanceCents', priority: 2, label: 'Balance due', render: (i) => formatJmd(i.balanceCents), filterable: false },
  { field: 'issuedAt', priority: 3, label: 'Issued', filterable: false, render: (i) => dates.date(i.issuedAt) },
];

const paymentColumns = (dates: DateFormat): Array<DataTableColumn<Payment>> => [
  { field: 'receiptNo', priority: 1, label: 'Receipt', sortable: true },
  { field: 'amountCents', priority: 1, label: 'Amount', sortable: true, render: (p) => formatJmd(p.amountCents), filterable: false },
  { field: 'method', priority: 3, label: 'Method', sortable: true, render: (p) => PAYMENT_METHOD_LABELS[p.method] },
  { field: 'invoiceNos', priority: 3, label: 'Invoices', render: (p) => p.invoiceNos.join(', '), filterable: false, wrap: true },
  { field: 'paidAt', priority: 2, label: 'Paid', sortable: true, filterable: false, render: (p) => dates.date(p.paidAt) },
];

function ticketColumns(base: string, dates: DateFormat): Array<DataTableColumn<Ticket>> {
  return [
    {
      field: 'ticket_no',
      priority: 1,
      label: 'Ticket',
      sortable: true,
      render: (t) => (
        <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to={`${base}/support-tickets/${t.id}`}>
          {t.ticket_no}
        </Link>
      ),
    },
    { field: 'subject', priority: 1, label: 'Subject', sortable: true, wrap: true, width: 240 },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (t) => <StatusBadge kind="ticket" status={t.status} />,
      filterable: false,
    },
    { field: 'department', priority: 3, label: 'Department', sortable: true },
    { field: 'updatedAt', priority: 2, label: 'Last update', filterable: false, render: (t) => dates.date(t.updatedAt) },
  ];
}

/** The customer's packages, invoices, payments and tickets, each shown only to those who may see them. */
export function CustomerActivity({ customerId }: { customerId: number }) {
  const { can, base } = usePortal();
  const dates = useDateFormat();
  return (
    <div className="mt-6 space-y-6">
      {can('packages_view') && <CustomerList customerId={customerId} title="Packages" path="/packages" columns={packageColumns(dates)} />}
      {can('invoices_view') && (
        <CustomerList customerId={customerId} title="Invoices" path="/invoices" columns={invoiceColumns(dates)} customerAs="query" />
      )}
      {can('payments_view') && <CustomerList customerId={customerId} title="Payments" path="/payments" columns={paymentColumns(dates)} />}
      {can('tickets_view') && (
        <CustomerList customerId={customerId} title="Support tickets" path="/tickets" columns={ticketColumns(base, dates)} />
      )}
    </div>
  );
}
