import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PARISHES } from '@courier/shared/constants/parishes';
import { BRANCH_MESSAGES, type Branch } from '@courier/shared/schemas/branches';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { useBranchPage, useDeleteBranch } from '@/features/branches/api/branches';
import { BranchFormDialog } from '@/features/branches/components/branch-form-dialog';
import { CourierFilter } from '@/components/ui/courier-filter';
import { ActiveBadge, PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/lib/portal-context';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function BranchesPage() {
  const { base, can, isSuperAdmin } = usePortal();
  const list = useListState();
  const [courierId, setCourierId] = useState<number | undefined>();
  const page = useBranchPage({ ...list.query, courierId });
  const [editing, setEditing] = useState<Branch | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Branch | undefined>();
  const remove = useDeleteBranch();

  const columns: Array<DataTableColumn<Branch>> = [
    {
      field: 'name',
      priority: 1,
      label: 'Name',
      sortable: true,
      render: (b) => (
        <Link to={`${base}/branches/${b.id}`} className="font-medium text-brand-700 hover:underline">
          {b.name}
        </Link>
      ),
    },
    { field: 'code', priority: 3, label: 'Code', sortable: true, width: 90 },
    ...(isSuperAdmin ? [{ field: 'courierName', priority: 2, label: 'Courier', sortable: true } satisfies DataTableColumn<Branch>] : []),
    {
      field: 'parish',
      priority: 3,
      label: 'Parish',
      sortable: true,
      width: 130,
      filterOptions: PARISHES.map((p) => ({ value: p, label: p })),
    },
    { field: 'phone', priority: 3, label: 'Phone', width: 140, nowrap: true },
    { field: 'staffCount', priority: 4, label: 'Staff', width: 80, filterable: false },
    { field: 'customerCount', label: 'Customers', width: 100, filterable: false },
    {
      field: 'active',
      priority: 1,
      card: 'status',
      label: 'Status',
      sortable: true,
      width: 110,
      filterOptions: ACTIVE_OPTIONS,
      render: (b) => <ActiveBadge active={b.active} />,
    },
  ];

  return (
    <div>
      <PageHeader
        title="Branches"
        description="Where customers collect their packages and staff work."
        actions={
          can('branches_create') && (
            <Button
              onClick={() => {
                setEditing(undefined);
                setFormOpen(true);
              }}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              New branch
            </Button>
          )
        }
      />
      <DataTable
        label="Branches"
        empty={{
          description: 'Branches are where customers collect their packages and staff work.',
          action: can('branches_create')
            ? {
                label: 'Add a branch',
                icon: Plus,
                onClick: () => {
                  setEditing(undefined);
                  setFormOpen(true);
                },
              }
            : undefined,
          filtered: courierId !== undefined,
          onClearFilters: () => setCourierId(undefined),
        }}
        columns={columns}
        data={page.data?.data ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        error={page.error ? errorMessage(page.error, 'Failed to load branches') : null}
        onRetry={() => void page.refetch()}
        getRowId={(b) => b.id}
        searchPlaceholder="Search branches..."
        toolbar={
          isSuperAdmin && (
            <CourierFilter
              value={courierId}
              onChange={(c) => {
                setCourierId(c);
                list.tableProps.onPageChange(1);
              }}
            />
          )
        }
        actions={(b) => (
          <div className="flex gap-1">
            <Button asChild variant="ghost" size="sm" aria-label={`View ${b.name}`} data-row-open>
              <Link to={`${base}/branches/${b.id}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            {can('branches_edit') && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit ${b.name}`}
                onClick={() => {
                  setEditing(b);
                  setFormOpen(true);
                }}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
            )}
            {can('branches_delete') && (
              <Button variant="ghost" size="sm" aria-label={`Delete ${b.name}`} onClick={() => setDeleting(b)}>
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
              </Button>
            )}
          </div>
        )}
        {...list.tableProps}
      />
      <BranchFormDialog open={formOpen} onOpenChange={setFormOpen} branch={editing} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(o) => !o && setDeleting(undefined)}
        message={`Are you sure you want to delete the branch ${deleting?.name ?? ''}?`}
        busy={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(BRANCH_MESSAGES.deleted);
            setDeleting(undefined);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to delete the branch'));
          }
        }}
      />
    </div>
  );
}
