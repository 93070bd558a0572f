import { Eye, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS, type Role } from '@courier/shared/constants/roles';
import type { StaffMember } from '@courier/shared/schemas/staff';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { CourierFilter } from '@/components/ui/courier-filter';
import { ImpersonateButton } from '@/features/auth/components/impersonate-button';
import { ActiveBadge, PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/lib/portal-context';
import { StaffFormDialog } from '@/features/staff/components/staff-form';
import { useStaffPage } from '@/features/staff/api/staff';
import { useDateFormat } from '@/lib/format-date';

const ROLE_OPTIONS = (['courier_admin', 'branch_manager', 'staff', 'agent'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function StaffPage() {
  const dates = useDateFormat();
  const { base, can, isSuperAdmin } = usePortal();
  const list = useListState();
  const [courierId, setCourierId] = useState<number | undefined>();
  const page = useStaffPage({ ...list.query, courierId });
  const [creating, setCreating] = useState(false);

  const columns: Array<DataTableColumn<StaffMember>> = [
    {
      field: 'name',
      priority: 1,
      label: 'Name',
      sortable: true,
      render: (s) => (
        <Link to={`${base}/staff/${s.id}`} className="font-medium text-brand-700 hover:underline">
          {s.name}
        </Link>
      ),
    },
    { field: 'email', priority: 2, label: 'Email', sortable: true, width: 220 },
    ...(isSuperAdmin
      ? [{ field: 'courierName', priority: 2, label: 'Courier', sortable: true } satisfies DataTableColumn<StaffMember>]
      : []),
    {
      field: 'role',
      priority: 3,
      label: 'Position',
      sortable: true,
      filterOptions: ROLE_OPTIONS,
      render: (s) => ROLE_LABELS[s.role as Role] ?? s.role,
    },
    { field: 'roleName', priority: 2, label: 'Role', sortable: true },
    { field: 'branchName', priority: 3, label: 'Branch', sortable: true },
    {
      field: 'active',
      priority: 1,
      card: 'status',
      label: 'Status',
      sortable: true,
      width: 110,
      filterOptions: ACTIVE_OPTIONS,
      render: (s) => <ActiveBadge active={s.active} />,
    },
    {
      field: 'lastLoginAt',
      label: 'Last sign-in',
      sortable: true,
      filterable: false,
      render: (s) => dates.date(s.lastLoginAt, s.timeZone),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Staff"
        description="The people who work for the courier, their role and their branch."
        actions={
          <>
            {/* The courier admin's timesheets (time tracking) sit under Staff. */}
            {base === '/admin' && can('time_tracking_edit') && (
              <Button variant="secondary" asChild>
                <Link to={`${base}/staff/timesheets`}>Timesheets</Link>
              </Button>
            )}
            {can('staff_create') && (
              <Button onClick={() => setCreating(true)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                New staff member
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label="Staff"
        empty={{
          description: 'The people who work for the courier, with their role and branch. Add someone to give them a sign-in.',
          action: can('staff_create') ? { label: 'Add a staff member', icon: Plus, onClick: () => setCreating(true) } : undefined,
          filtered: courierId !== undefined,
          onClearFilters: () => setCourierId(undefined),
        }}
        columns={columns}
        data={page.data?.data ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        error={page.error ? errorMessage(page.error, 'Failed to load staff') : null}
        onRetry={() => void page.refetch()}
        getRowId={(s) => s.id}
        searchPlaceholder="Search staff..."
        toolbar={isSuperAdmin && <CourierFilter value={courierId} onChange={setCourierId} />}
        actions={(s) => (
          <div className="flex gap-1">
            <Button asChild variant="ghost" size="sm" aria-label={`View ${s.name}`} data-row-open>
              <Link to={`${base}/staff/${s.id}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            {isSuperAdmin && s.role === 'courier_admin' && s.active && <ImpersonateButton userId={s.id} compact />}
          </div>
        )}
        {...list.tableProps}
      />
      <StaffFormDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
