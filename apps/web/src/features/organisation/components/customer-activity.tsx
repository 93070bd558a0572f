import type { InvoiceSummary, Payment } from '@courier/shared/schemas/billing';
import type { PackageDto as Package } from '@courier/shared/schemas/packages';
import type { Ticket } from '@courier/shared/schemas/tickets';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { usePage } from '../api/list';
import { PageError, formatDate } from './page-header';
import { usePortal } from './portal-context';

const jmd = new Intl.NumberFormat('en-JM', { style: 'currency', currency: 'JMD' });
const statusText = (s: string) => s.replaceAll('_', ' ').replace(/^\w/, (c) => c.toUpperCase());

/** A list of one customer's records: the customer is a fixed filter beside the person's own. */
function useCustomerPage<T>(key: string, path: string, customerId: number) {
  const list = useListState();
  const filters = JSON.stringify({ ...list.state.filters, customerId: String(customerId) });
  const page = usePage<T>([key, 'customer', customerId], path, { ...list.query, filters });
  return { list, page };
}

function CustomerPackages({ customerId }: { customerId: number }) {
  const { list, page } = useCustomerPage<Package>('packages', '/packages', customerId);
  const columns: Array<DataTableColumn<Package>> = [
    { field: 'packageNumber', label: 'Package', sortable: true },
    { field: 'trackingNumber', label: 'Tracking number', width: 200 },
    { field: 'status', label: 'Status', sortable: true, render: (p) => statusText(p.status), filterable: false },
    { field: 'weightLb', label: 'Weight (lb)', width: 110, filterable: false },
    { field: 'receivedAt', label: 'Received', render: (p) => formatDate(p.receivedAt) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Packages</CardTitle>
      </CardHeader>
      <CardContent>
        {page.isError && <PageError message={errorMessage(page.error, 'Failed to load packages')} />}
        <DataTable
          label="Customer packages"
          columns={columns}
          data={page.data?.data ?? []}
          total={page.data?.total ?? 0}
          loading={page.isFetching}
          getRowId={(p) => p.id}
          searchPlaceholder="Search packages..."
          {...list.tableProps}
        />
      </CardContent>
    </Card>
  );
}

function CustomerInvoices({ customerId }: { customerId: number }) {
  const list = useListState();
  const page = usePage<InvoiceSummary>(['invoices', 'customer', customerId], '/invoices', { ...list.query, customerId });
  const columns: Array<DataTableColumn<InvoiceSummary>> = [
    { field: 'invoiceNo', label: 'Invoice', sortable: true },
    { field: 'status', label: 'Status', render: (i) => statusText(i.status), filterable: false },
    { field: 'totalCents', label: 'Total', render: (i) => jmd.format(i.totalCents / 100), filterable: false },
    { field: 'balanceCents', label: 'Balance due', render: (i) => jmd.format(i.balanceCents / 100), filterable: false },
    { field: 'issuedAt', label: 'Issued', render: (i) => formatDate(i.issuedAt) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        {page.isError && <PageError message={errorMessage(page.error, 'Failed to load invoices')} />}
        <DataTable
          label="Customer invoices"
          columns={columns}
          data={page.data?.data ?? []}
          total={page.data?.total ?? 0}
          loading={page.isFetching}
          getRowId={(i) => i.id}
          searchPlaceholder="Search invoices..."
          {...list.tableProps}
        />
      </CardContent>
    </Card>
  );
}

function CustomerPayments({ customerId }: { customerId: number }) {
  const { list, page } = useCustomerPage<Payment>('payments', '/payments', customerId);
  const columns: Array<DataTableColumn<Payment>> = [
    { field: 'receiptNo', label: 'Receipt', sortable: true },
    { field: 'amountCents', label: 'Amount', sortable: true, render: (p) => jmd.format(p.amountCents / 100), filterable: false },
    { field: 'method', label: 'Method', sortable: true, render: (p) => statusText(p.method) },
    { field: 'invoiceNos', label: 'Invoices', render: (p) => p.invoiceNos.join(', '), filterable: false, wrap: true },
    { field: 'paidAt', label: 'Paid', sortable: true, render: (p) => formatDate(p.paidAt) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      <CardContent>
        {page.isError && <PageError message={errorMessage(page.error, 'Failed to load payments')} />}
        <DataTable
          label="Customer payments"
          columns={columns}
          data={page.data?.data ?? []}
          total={page.data?.total ?? 0}
          loading={page.isFetching}
          getRowId={(p) => p.id}
          searchPlaceholder="Search payments..."
          {...list.tableProps}
        />
      </CardContent>
    </Card>
  );
}

function CustomerTickets({ customerId }: { customerId: number }) {
  const { base } = usePortal();
  const { list, page } = useCustomerPage<Ticket>('tickets', '/tickets', customerId);
  const columns: Array<DataTableColumn<Ticket>> = [
    {
      field: 'ticket_no',
      label: 'Ticket',
      sortable: true,
      render: (t) => (
        <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to={`${base}/support-tickets/${t.id}`}>
          {t.ticket_no}
        </Link>
      ),
    },
    { field: 'subject', label: 'Subject', sortable: true, wrap: true, width: 240 },
    { field: 'status', label: 'Status', sortable: true, render: (t) => statusText(t.status), filterable: false },
    { field: 'department', label: 'Department', sortable: true },
    { field: 'updatedAt', label: 'Last update', render: (t) => formatDate(t.updatedAt) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Support tickets</CardTitle>
      </CardHeader>
      <CardContent>
        {page.isError && <PageError message={errorMessage(page.error, 'Failed to load support tickets')} />}
        <DataTable
          label="Customer support tickets"
          columns={columns}
          data={page.data?.data ?? []}
          total={page.data?.total ?? 0}
          loading={page.isFetching}
          getRowId={(t) => t.id}
          searchPlaceholder="Search tickets..."
          {...list.tableProps}
        />
      </CardContent>
    </Card>
  );
}

/** The customer's packages, invoices, payments and tickets, each shown only to those who may see them. */
export function CustomerActivity({ customerId }: { customerId: number }) {
  const { can } = usePortal();
  return (
    <div className="mt-6 space-y-6">
      {can('packages_view') && <CustomerPackages customerId={customerId} />}
      {can('invoices_view') && <CustomerInvoices customerId={customerId} />}
      {can('payments_view') && <CustomerPayments customerId={customerId} />}
      {can('tickets_view') && <CustomerTickets customerId={customerId} />}
    </div>
  );
}
