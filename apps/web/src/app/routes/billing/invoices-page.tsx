import { formatJmd } from '@courier/shared/format/money';
import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS } from '@courier/shared/constants/billing';
import type { InvoiceSummary } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { useInvoices } from '@/features/billing/api/invoices';

import { usePortal } from '@/lib/portal-context';
import { IssueInvoiceDialog } from '@/features/billing/components/issue-invoice-dialog';
import { StaffInvoicePanel } from '@/features/billing/components/staff-invoice-panel';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { hasPermission } from '@courier/shared/domain/permissions';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';

/** Invoices of the admin, staff and super admin portals; one opens in a dialog (?invoice=INV-000001). */
export default function InvoicesPage() {
  const dates = useDateFormat();
  const { portal } = usePortal();
  const { user } = useSession();
  const [issuing, setIssuing] = useState(false);
  const list = useListState({ sort: { field: 'issuedAt', order: 'desc' } });
  const invoices = useInvoices(list.query);
  const [params, setParams] = useSearchParams();
  const openNo = params.get('invoice');
  const openCourier = params.get('courier') ? Number(params.get('courier')) : undefined;
  const open = (row: Pick<InvoiceSummary, 'invoiceNo' | 'courierId'>) =>
    setParams(portal === 'superadmin' ? { invoice: row.invoiceNo, courier: String(row.courierId) } : { invoice: row.invoiceNo });

  const columns: Array<DataTableColumn<InvoiceSummary>> = [
    { field: 'invoiceNo', priority: 1, label: 'Invoice', sortable: true, filterable: false },
    ...(portal === 'superadmin' ? [{ field: 'courierName', priority: 2, label: 'Courier' }] : []),
    {
      field: 'customerName',
      priority: 2,
      label: 'Customer',
      sortable: true,
      filterable: false,
      wrap: true,
      render: (r) => `${r.customerName} (${r.mailboxNumber})`,
    },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (r) => <StatusBadge kind="invoice" status={r.status} />,
      filterOptions: INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] })),
    },
    { field: 'totalCents', priority: 2, label: 'Total', sortable: true, render: (r) => formatJmd(r.totalCents) },
    { field: 'balanceCents', priority: 2, label: 'Balance', sortable: true, filterable: false, render: (r) => formatJmd(r.balanceCents) },
    {
      field: 'issuedAt',
      priority: 3,
      label: 'Issued',
      sortable: true,
      filterable: false,
      render: (r) => dates.date(r.issuedAt, r.timeZone),
    },
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Invoices</h1>
        <p className="mt-1 text-sm text-slate-600">Invoices are issued when packages are ready for pickup. Open one to take a payment.</p>
      </div>
      <DataTable
        label="Invoices"
        empty={{
          description: 'Invoices are issued for packages that are ready for pickup; each one takes its payments.',
          action:
            portal !== 'superadmin' && hasPermission(user, 'invoices_create')
              ? { label: 'Issue an invoice', icon: Plus, onClick: () => setIssuing(true) }
              : undefined,
        }}
        columns={columns}
        data={invoices.data?.data ?? []}
        total={invoices.data?.total ?? 0}
        loading={invoices.isFetching}
        error={invoices.error ? errorMessage(invoices.error, 'Could not load invoices') : null}
        onRetry={() => void invoices.refetch()}
        exportPath="/invoices"
        getRowId={(r) => r.id}
        searchPlaceholder="Invoice, customer or mailbox"
        toolbar={
          portal !== 'superadmin' && hasPermission(user, 'invoices_create') ? (
            <Button onClick={() => setIssuing(true)}>Issue invoice</Button>
          ) : undefined
        }
        {...list.tableProps}
        actions={(r) => (
          <Button size="sm" variant="secondary" onClick={() => open(r)} aria-label={`View ${r.invoiceNo}`} data-row-open>
            View
          </Button>
        )}
      />
      <IssueInvoiceDialog open={issuing} onOpenChange={setIssuing} onIssued={(no) => open({ invoiceNo: no, courierId: 0 })} />
      <Dialog
        open={openNo !== null}
        onOpenChange={(o) => {
          if (!o) setParams({});
        }}
        title={openNo ? `Invoice ${openNo}` : 'Invoice'}
        className="max-w-3xl"
      >
        {openNo && (
          <StaffInvoicePanel
            invoiceNo={openNo}
            courierId={openCourier}
            onOpenInvoice={(no) => open({ invoiceNo: no, courierId: openCourier ?? 0 })}
          />
        )}
      </Dialog>
    </div>
  );
}
