import { useState } from 'react';
import { UNCOLLECTED_AFTER_DAYS } from '@courier/shared/constants/packages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { type UncollectedPackage, useUncollected } from '@/features/packages/api/packages';
import { PackageDetailDialog } from '@/app/routes/packages/package-detail-dialog';
import { hasPermission } from '@courier/shared/domain/permissions';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDateFormat } from '@/lib/format-date';

type Uncollected = UncollectedPackage;

/** Packages ready for more than 15 days: the customers to call, and the fee that now applies. */
export default function UncollectedPage() {
  const dates = useDateFormat();
  const { user } = useSession();
  const list = useListState({ sort: { field: 'readyAt', order: 'asc' } });
  const data = useUncollected(list.query);
  const [openId, setOpenId] = useState<number | null>(null);
  const columns: Array<DataTableColumn<Uncollected>> = [
    { field: 'packageNumber', priority: 1, label: 'Package', sortable: true },
    {
      field: 'customerName',
      priority: 2,
      label: 'Customer',
      sortable: true,
      render: (p) => `${p.customerName ?? ''} (${p.mailboxNumber ?? ''})`,
      width: 200,
    },
    { field: 'branchName', priority: 3, label: 'Branch', sortable: true, render: (p) => p.branchName ?? '-' },
    { field: 'readyAt', priority: 2, label: 'Ready date', sortable: true, filterable: false, render: (p) => dates.date(p.readyAt) },
    {
      field: 'daysWaiting',
      priority: 2,
      label: 'Days waiting',
      filterable: false,
      render: (p) => <Badge tone={p.daysWaiting > 30 ? 'red' : 'yellow'}>{p.daysWaiting} days</Badge>,
    },
    {
      field: 'fee',
      priority: 3,
      label: 'Uncollected fee',
      filterable: false,
      render: (p) => (p.uncollectedSince ? 'Applied' : 'Applies at the next daily check'),
    },
  ];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Uncollected</h1>
      <p className="text-sm text-slate-600">
        Packages ready for pickup for more than {UNCOLLECTED_AFTER_DAYS} days. The customer is reminded by e-mail when the uncollected fee
        applies.
      </p>
      <DataTable
        label="Uncollected packages"
        empty={{
          description: `Packages ready for pickup for more than ${UNCOLLECTED_AFTER_DAYS} days appear here, with the customer to call.`,
        }}
        columns={columns}
        data={data.data?.data ?? []}
        total={data.data?.total ?? 0}
        totalCapped={data.data?.totalCapped}
        loading={data.isFetching}
        error={data.error ? errorMessage(data.error, 'Could not load the uncollected packages') : null}
        onRetry={() => void data.refetch()}
        getRowId={(p) => p.id}
        searchPlaceholder="Package, mailbox or name"
        {...list.tableProps}
        actions={(p) => (
          <Button size="sm" variant="secondary" onClick={() => setOpenId(p.id)}>
            Open
          </Button>
        )}
      />
      <PackageDetailDialog id={openId} onClose={() => setOpenId(null)} canEdit={hasPermission(user, 'packages_edit')} />
    </div>
  );
}
