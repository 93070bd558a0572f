import { Eye, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROLE_MESSAGES, type RoleRecord } from '@courier/shared/schemas/roles';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { useDeleteRole, useRolePage } from '@/features/roles/api/roles';
import { CourierFilter } from '@/components/ui/courier-filter';
import { PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/lib/portal-context';
import { useDateFormat } from '@/lib/format-date';

export function RolesPage() {
  const dates = useDateFormat();
  const { base, can, isSuperAdmin } = usePortal();
  const list = useListState();
  const [courierId, setCourierId] = useState<number | undefined>();
  const page = useRolePage({ ...list.query, courierId });
  const [deleting, setDeleting] = useState<RoleRecord | undefined>();
  const remove = useDeleteRole();

  const columns: Array<DataTableColumn<RoleRecord>> = [
    {
      field: 'name',
      priority: 1,
      label: 'Name',
      sortable: true,
      render: (r) => (
        <Link to={`${base}/roles/${r.id}`} className="font-medium text-brand-700 hover:underline">
          {r.name}
        </Link>
      ),
    },
    ...(isSuperAdmin
      ? [{ field: 'courierName', priority: 2, label: 'Courier', sortable: true } satisfies DataTableColumn<RoleRecord>]
      : []),
    { field: 'description', priority: 3, label: 'Description', wrap: true, width: 260 },
    { field: 'permissions', priority: 2, label: 'Permissions', filterable: false, width: 120, render: (r) => `${r.permissions.length}` },
    { field: 'staffCount', priority: 3, label: 'Staff', filterable: false, width: 90 },
    {
      field: 'updatedAt',
      priority: 4,
      label: 'Updated',
      sortable: true,
      render: (r) => dates.date(r.updatedAt, r.timeZone),
      filterable: false,
    },
  ];

  return (
    <div>
      <PageHeader
        title="Roles"
        description="Named sets of permissions. Each staff member has one role."
        actions={
          can('roles_create') && (
            <Button asChild>
              <Link to={`${base}/roles/new`}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                New role
              </Link>
            </Button>
          )
        }
      />
      <DataTable
        label="Roles"
        empty={{
          description: 'A role is a named set of permissions; each staff member has one.',
          action: can('roles_create') ? { label: 'Create a role', icon: Plus, to: `${base}/roles/new` } : undefined,
          filtered: courierId !== undefined,
          onClearFilters: () => setCourierId(undefined),
        }}
        columns={columns}
        data={page.data?.data ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        error={page.error ? errorMessage(page.error, 'Failed to load roles') : null}
        onRetry={() => void page.refetch()}
        getRowId={(r) => r.id}
        searchPlaceholder="Search roles..."
        toolbar={isSuperAdmin && <CourierFilter value={courierId} onChange={setCourierId} />}
        actions={(r) => (
          <div className="flex gap-1">
            <Button asChild variant="ghost" size="sm" aria-label={`Open ${r.name}`} data-row-open>
              <Link to={`${base}/roles/${r.id}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            {can('roles_delete') && (
              <Button variant="ghost" size="sm" aria-label={`Delete ${r.name}`} onClick={() => setDeleting(r)}>
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
              </Button>
            )}
          </div>
        )}
        {...list.tableProps}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(o) => !o && setDeleting(undefined)}
        message={`Are you sure you want to delete the role ${deleting?.name ?? ''}?`}
        busy={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(ROLE_MESSAGES.deleted);
            setDeleting(undefined);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to delete the role'));
          }
        }}
      />
    </div>
  );
}
