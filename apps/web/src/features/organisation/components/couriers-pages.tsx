import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, CheckCircle2, Eye, KeyRound, Mail, Pencil, Plus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type CourierDetail, type CourierSummary, PLATFORM_MESSAGES, courierUpdateSchema } from '@courier/shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { CourierLogo } from '@/components/layout/portal-shell';
import { errorMessage } from '@/lib/api-client';
import { usePage } from '../api/list';
import { keys, useCourierDetail, useRotateApiKey, useSetCourierStatus, useUpdateCourier } from '../api/organisation';
import { CourierInvitationsCard, InviteCourierDialog } from './courier-invitations';
import { CreateCourierDialog } from './create-courier-dialog';
import { CustomersPage } from './customers-page';
import { ImpersonateButton } from './impersonate-button';
import { SmtpSecurityCard } from './smtp-security-card';
import { ActiveBadge, DetailList, PageError, PageHeader } from './page-header';
import { TimeZoneScope, useDateFormat } from '@/lib/format-date';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

export function CouriersPage() {
  const dates = useDateFormat();
  const list = useListState();
  const page = usePage<CourierSummary>(keys.couriers, '/platform/couriers', list.query);
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
            <Button asChild variant="ghost" size="sm" aria-label={`View ${c.name}`}>
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

type UpdateIn = z.input<typeof courierUpdateSchema>;
type UpdateOut = z.output<typeof courierUpdateSchema>;

function EditCourierDialog({ courier, open, onOpenChange }: { courier: CourierDetail; open: boolean; onOpenChange: (o: boolean) => void }) {
  const update = useUpdateCourier();
  const form = useForm<UpdateIn, unknown, UpdateOut>({ resolver: zodResolver(courierUpdateSchema) });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (open)
      reset({
        name: courier.name,
        code: courier.code,
        email: courier.email ?? '',
        phone: courier.phone ?? '',
        contactFirstName: courier.contactFirstName ?? '',
        contactLastName: courier.contactLastName ?? '',
      });
  }, [open, courier, reset]);
  const e = formState.errors;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit courier" className="max-w-2xl">
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(async (input) => {
          try {
            await update.mutateAsync({ id: courier.id, input });
            toast.success(PLATFORM_MESSAGES.courierUpdated);
            onOpenChange(false);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to update the courier'));
          }
        })}
      >
        <Field label="Courier name" error={e.name?.message}>
          <Input {...register('name')} />
        </Field>
        <Field label="Code" error={e.code?.message} hint="Changing it does not renumber existing mailboxes.">
          <Input className="uppercase" {...register('code')} />
        </Field>
        <Field label="Email" error={e.email?.message}>
          <Input type="email" {...register('email')} />
        </Field>
        <Field label="Phone" error={e.phone?.message}>
          <Input type="tel" {...register('phone')} />
        </Field>
        <Field label="Contact first name" error={e.contactFirstName?.message}>
          <Input {...register('contactFirstName')} />
        </Field>
        <Field label="Contact last name" error={e.contactLastName?.message}>
          <Input {...register('contactLastName')} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function CourierDetailPage() {
  const dates = useDateFormat();
  const { id } = useParams();
  const courier = useCourierDetail(Number(id));
  const setStatus = useSetCourierStatus();
  const rotate = useRotateApiKey();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'status' | 'rotate' | null>(null);
  if (courier.isPending) return <Skeleton className="h-64" />;
  if (courier.isError) return <PageError message={errorMessage(courier.error, 'Failed to load the courier')} />;
  const c = courier.data;
  const active = c.status === 'active';
  const counts: Array<[string, number, string | undefined]> = [
    ['Customers', c.customerCount, `/superadmin/couriers/${c.id}/customers`],
    ['Business customers', c.businessCustomerCount, undefined],
    ['Staff', c.staffCount, undefined],
    ['Branches', c.branchCount, undefined],
    ['Roles', c.roleCount, undefined],
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: '/superadmin/couriers', label: 'Couriers' }}
        title={c.name}
        description={`Code ${c.code}`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button variant={active ? 'danger' : 'secondary'} onClick={() => setConfirm('status')}>
              {active ? <Ban className="h-4 w-4" aria-hidden="true" /> : <CheckCircle2 className="h-4 w-4" aria-hidden="true" />}
              {active ? 'Suspend' : 'Activate'}
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {counts.map(([label, value, to]) => (
          <Card key={label}>
            <CardContent className="pt-4">
              <p className="text-xs text-slate-500">{label}</p>
              <p className="text-2xl font-semibold text-slate-900">{to ? <Link to={to}>{value}</Link> : value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader className="flex items-center gap-3">
          <CourierLogo src={c.logoUrl} alt={`${c.name} logo`} className="h-10 w-auto max-w-32 object-contain" />
          <CardTitle>Courier details</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              ['Status', <ActiveBadge key="s" active={active} labels={['Active', 'Suspended']} />],
              ['Email', c.email],
              ['Phone', c.phone],
              ['Contact', [c.contactFirstName, c.contactLastName].filter(Boolean).join(' ')],
              ['Created', dates.date(c.createdAt, c.timeZone)],
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>API key</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-slate-600">The courier's public site and registration links carry this key (?api_key=...).</p>
          <code className="block rounded-md bg-slate-100 px-3 py-2 text-sm break-all text-slate-900" data-testid="api-key">
            {c.apiKey}
          </code>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(c.apiKey)
                  .then(() => toast.success('API key copied'))
                  .catch(() => toast.error('Could not copy the API key'));
              }}
            >
              Copy
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              Rotate key
            </Button>
          </div>
        </CardContent>
      </Card>
      <SmtpSecurityCard courier={c} />
      <Card>
        <CardHeader>
          <CardTitle>Courier admins</CardTitle>
        </CardHeader>
        <CardContent>
          {c.admins.length === 0 ? (
            <p className="text-sm text-slate-600">No courier admin yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {c.admins.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div>
                    <Link to={`/superadmin/staff/${a.id}`} className="font-medium text-brand-700 hover:underline">
                      {a.name}
                    </Link>
                    <p className="text-xs text-slate-500">{a.email}</p>
                  </div>
                  {a.active && active && <ImpersonateButton userId={a.id} />}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <EditCourierDialog courier={c} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirm === 'status'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={active ? 'Suspend courier' : 'Activate courier'}
        message={
          active
            ? `Suspend ${c.name}? Its admins, staff and customers are signed out and cannot sign in until it is activated again.`
            : `Activate ${c.name}? Its people can sign in again.`
        }
        confirmLabel={active ? 'Suspend' : 'Activate'}
        busy={setStatus.isPending}
        onConfirm={async () => {
          try {
            await setStatus.mutateAsync({ id: c.id, status: active ? 'suspended' : 'active' });
            toast.success(active ? PLATFORM_MESSAGES.courierSuspended : PLATFORM_MESSAGES.courierActivated);
            setConfirm(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to change the status'));
          }
        }}
      />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Rotate API key"
        message="Issue a new API key? Links and sites using the old key stop working at once."
        confirmLabel="Rotate key"
        busy={rotate.isPending}
        onConfirm={async () => {
          try {
            await rotate.mutateAsync(c.id);
            toast.success(PLATFORM_MESSAGES.apiKeyRotated);
            setConfirm(null);
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to rotate the API key'));
          }
        }}
      />
    </div>
  );
}

export function CourierCustomersPage() {
  const { id } = useParams();
  const courier = useCourierDetail(Number(id));
  return (
    <div>
      <PageHeader
        back={{ to: `/superadmin/couriers/${id}`, label: courier.data?.name ?? 'Courier' }}
        title={`Customers${courier.data ? ` of ${courier.data.name}` : ''}`}
      />
      {/* The courier's customers, their dates in that courier's time zone. */}
      <TimeZoneScope zone={courier.data?.timeZone}>
        <CustomersPage area="customers" fixedCourierId={Number(id)} />
      </TimeZoneScope>
    </div>
  );
}
