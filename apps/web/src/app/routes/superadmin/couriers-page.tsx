import { Eye, Mail, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CourierSummary } from '@courier/shared/schemas/platform';
import { ActiveBadge, PageHeader } from '@/components/layout/page-header';
import { CourierLogo } from '@/components/layout/portal-shell';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { CourierInvitationsCard, InviteCourierDialog } from '@/features/couriers/components/courier-invitations';
import { CreateCourierDialog } from '@/features/couriers/components/create-courier-dialog';
import { useCourierPage } from '@/features/couriers/api/couriers';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];
const PAYMENT_MODE_OPTIONS = [
  { value: 'true', label: 'Test mode' },
  { value: 'false', label: 'Live' },
];

export function CouriersPage() {
  const dates = useDateFormat();
  const list = useListState();
  const page = useCourierPage(list.query);
  // ?new and ?invite (the first-run card's links) open the dialogs.
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(() => params.has('new'));
  const [inviting, setInviting] = useState(() => params.has('invite'));
  const closeDialog = (set: (o: boolean) => void) => (open: boolean) => {
    set(open);
    if (!open && (params.has('new') || params.has('invite'))) setParams({}, { replace: true });
  };
  const columns: Array<DataTableColumn<CourierSummary>> = [
    {
      field: 'name',
      priority: 1,
      label: 'Name',
      sortable: true,
      width: 220,
      render: (c) => (
        <Link to={`/superadmin/couriers/${c.id}`} className="flex items-center gap-2 font-medium text-brand-700 hover:underline">
          <CourierLogo src={c.logoUrl} alt="" className="h-6 w-6 rounded object-contain" />
          {c.name}
        </Link>
      ),
    },
    { field: 'code', priority: 3, label: 'Code', sortable: true, width: 100 },
    { field: 'email', priority: 3, label: 'Email', width: 220 },
    { field: 'customerCount', priority: 2, label: 'Customers', sortable: true, filterable: false, width: 120 },
    { field: 'staffCount', priority: 3, label: 'Staff', sortable: true, filterable: false, width: 90 },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      width: 120,
      filterOptions: STATUS_OPTIONS,
      render: (c) => <ActiveBadge active={c.status === 'active'} labels={['Active', 'Suspended']} />,
    },
    {
      field: 'paymentTestMode',
      priority: 2,
      label: 'Card payments',
      sortable: false,
      width: 130,
      filterOptions: PAYMENT_MODE_OPTIONS,
      render: (c) => (c.paymentTestMode ? <TestBadge title="Test mode: card payments go to the test gateway" /> : 'Live'),
    },
    {
      field: 'createdAt',
      priority: 3,
      label: 'Created',
      sortable: true,
      filterable: false,
      render: (c) => dates.date(c.createdAt, c.timeZone),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Couriers"
        description="The courier companies on the platform."
        actions={
          <>
            <Button variant="secondary" onClick={() => setInviting(true)}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              Invite a courier
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              New courier
            </Button>
          </>
        }
      />
      <DataTable
        label="Couriers"
        empty={{
          description:
            'The courier companies on the platform appear here. Invite a courier to set up its own account, or create one yourself.',
          action: { label: 'Invite a courier', icon: Mail, onClick: () => setInviting(true) },
        }}
        columns={columns}
        data={page.data?.data ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        error={page.error ? errorMessage(page.error, 'Failed to load couriers') : null}
        onRetry={() => void page.refetch()}
        getRowId={(c) => c.id}
        searchPlaceholder="Search couriers..."
        actions={(c) => (
          <div className="flex gap-1">
            <Button asChild variant="ghost" size="sm" aria-label={`View ${c.name}`} data-row-open>
              <Link to={`/superadmin/couriers/${c.id}`}>
                <Eye className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild variant="ghost" size="sm" aria-label={`Customers of ${c.name}`}>
              <Link to={`/superadmin/couriers/${c.id}/customers`}>
                <Users className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
          </div>
        )}
        {...list.tableProps}
      />
      <div className="mt-6">
        <CourierInvitationsCard />
      </div>
      <CreateCourierDialog open={creating} onOpenChange={closeDialog(setCreating)} />
      <InviteCourierDialog open={inviting} onOpenChange={closeDialog(setInviting)} />
    </div>
  );
}
