import type { InvoiceSummary } from '@courier/shared/schemas/billing';
import type { PackageDto as Package } from '@courier/shared/schemas/packages';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { usePage } from '../api/list';
import { PageError, formatDate } from './page-header';
import { usePortal } from './portal-context';

const jmd = new Intl.NumberFormat('en-JM', { style: 'currency', currency: 'JMD' });
const statusText = (s: string) => s.replaceAll('_', ' ').replace(/^\w/, (c) => c.toUpperCase());

function CustomerPackages({ customerId }: { customerId: number }) {
  const list = useListState();
  // The customer is a fixed filter on the server, beside whatever the person filters by.
  const filters = JSON.stringify({ ...list.state.filters, customerId: String(customerId) });
  const page = usePage<Package>(['packages', 'customer', customerId], '/packages', { ...list.query, filters });
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
        <CardTitle>Invoices and payments</CardTitle>
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

/** The customer's packages and invoices, each shown only to those who may see them. */
export function CustomerActivity({ customerId }: { customerId: number }) {
  const { can } = usePortal();
  return (
    <div className="mt-6 space-y-6">
      {can('packages_view') && <CustomerPackages customerId={customerId} />}
      {can('invoices_view') && <CustomerInvoices customerId={customerId} />}
    </div>
  );
}
