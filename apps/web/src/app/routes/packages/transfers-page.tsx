import { useState } from 'react';
import { ArrowLeft, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { statusOptions } from '@courier/shared/format/status';
import { hasPermission } from '@courier/shared/domain/permissions';
import type { TransferDto } from '@courier/shared/schemas/transfers';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useTransfers } from '@/features/transfers/api/transfers';
import { CreateTransferDialog } from '@/features/transfers/components/create-transfer-dialog';
import { TransferDetail } from '@/features/transfers/components/transfer-detail';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useSession } from '@/lib/session';

/**
 * Branch transfers: parcels cleared at one branch for customers who collect at another travel on a
 * transfer, and are ready only once the receiving branch scans them in.
 */
export default function TransfersPage() {
  const dates = useDateFormat();
  const { user } = useSession();
  const canCreate = user?.role.name !== 'super_admin' && hasPermission(user, 'packages_scan');
  const canEdit = user?.role.name !== 'super_admin' && hasPermission(user, 'packages_edit');
  const [params, setParams] = useSearchParams();
  const openId = params.get('transfer') ? Number(params.get('transfer')) : null;
  const list = useListState();
  const transfers = useTransfers(list.query);
  const [creating, setCreating] = useState(false);
  const open = (id: number) => setParams({ transfer: String(id) });
  const columns: Array<DataTableColumn<TransferDto>> = [
    { field: 'transferNumber', priority: 1, label: 'Transfer', sortable: true },
    { field: 'fromBranchName', priority: 2, label: 'From', filterable: false, sortable: false },
    { field: 'toBranchName', priority: 1, label: 'To', filterable: false, sortable: false },
    { field: 'parcels', priority: 2, label: 'Parcels', sortable: true, filterable: false, width: 80 },
    {
      field: 'scannedIn',
      priority: 3,
      label: 'Scanned in',
      filterable: false,
      render: (t) => (t.status === 'draft' || t.status === 'cancelled' ? '-' : `${t.scannedIn} of ${t.parcels}`),
    },
    { field: 'createdAt', priority: 3, label: 'Created', sortable: true, filterable: false, render: (t) => dates.dateTime(t.createdAt) },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (t) => <StatusBadge kind="transfer" status={t.status} />,
      filterOptions: statusOptions('transfer'),
    },
  ];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Transfers</h1>
      {openId !== null ? (
        <>
          <Button variant="secondary" onClick={() => setParams({})}>
            <ArrowLeft className="size-4" aria-hidden />
            All transfers
          </Button>
          <TransferDetail id={openId} canEdit={canEdit} />
        </>
      ) : (
        <DataTable
          label="Transfers"
          empty={{
            description:
              'A transfer carries parcels cleared at one branch to the branch where their customers collect them; they are ready there once scanned in.',
            action: canCreate ? { label: 'Create the first transfer', icon: Plus, onClick: () => setCreating(true) } : undefined,
          }}
          columns={columns}
          data={transfers.data?.data ?? []}
          total={transfers.data?.total ?? 0}
          loading={transfers.isFetching}
          error={transfers.error ? errorMessage(transfers.error, 'Could not load the transfers') : null}
          onRetry={() => void transfers.refetch()}
          getRowId={(t) => t.id}
          searchPlaceholder="Transfer number"
          {...list.tableProps}
          toolbar={canCreate ? <Button onClick={() => setCreating(true)}>New transfer</Button> : undefined}
          actions={(t) => (
            <Button size="sm" variant="secondary" onClick={() => open(t.id)} aria-label={`Open ${t.transferNumber}`} data-row-open>
              Open
            </Button>
          )}
        />
      )}
      <CreateTransferDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          open(id);
        }}
      />
    </div>
  );
}
