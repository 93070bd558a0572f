import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, Truck } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import type { DeliveryRequestStatus } from '@courier/shared/constants/packages';
import { hasPermission } from '@courier/shared/domain/permissions';
import { DELIVERY_TRANSITIONS, type DeliveryRequestDto, scheduleDeliveryFormSchema } from '@courier/shared/schemas/deliveries';
import { releaseOverrideFormSchema } from '@courier/shared/schemas/release';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { openFile } from '@/lib/download';
import { ReleaseOverrideFields } from '@/features/billing/components/release-override';
import { CancelDeliveryDialog } from '@/features/deliveries/components/cancel-delivery-dialog';
import { useChangeDeliveryStatus, useDeliveryRequests, useDrivers } from '@/features/deliveries/api/deliveries';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusOptions } from '@courier/shared/format/status';
import { formatJmd } from '@courier/shared/format/money';

const ACTION_LABEL: Record<DeliveryRequestStatus, string> = {
  requested: 'Requested',
  scheduled: 'Schedule',
  out_for_delivery: 'Dispatch',
  delivered: 'Deliver',
  cancelled: 'Cancel',
};

/** Scheduling: the date and the driver, and optionally the stop's place on the run sheet. */
export function ScheduleDialog({ request, onClose }: { request: DeliveryRequestDto; onClose: () => void }) {
  const dates = useDateFormat();
  const drivers = useDrivers(true);
  const form = useForm<z.input<typeof scheduleDeliveryFormSchema>, unknown, z.output<typeof scheduleDeliveryFormSchema>>({
    resolver: zodResolver(scheduleDeliveryFormSchema),
    defaultValues: { scheduledDate: request.preferredDate, driverId: '', stopOrder: '' },
  });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const change = useChangeDeliveryStatus(onClose);
  const submit = handleSubmit((values) =>
    change.mutate(
      { id: request.id, status: 'scheduled', ...values },
      { onError: (error) => toast.error(errorMessage(error, 'Could not schedule the delivery')) },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Schedule delivery"
      description={`${request.customerName} (${request.mailboxNumber})`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Delivery date" error={errors.scheduledDate?.message}>
          <Input type="date" min={dates.today()} {...register('scheduledDate')} />
        </Field>
        <Field label="Driver" error={errors.driverId?.message}>
          <Select {...register('driverId')}>
            <option value="">{drivers.isLoading ? 'Loading…' : 'Choose the driver'}</option>
            {(drivers.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Stop number (optional)" error={errors.stopOrder?.message} hint="Its place on the day's run sheet">
          <Input inputMode="numeric" {...register('stopOrder')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending || formState.isSubmitting}>
            Schedule
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const dispatchOverrideFormSchema = z.object({ override: releaseOverrideFormSchema });

/** Dispatch refused by the release rule: the reason, and the override for those who hold it. */
export function DispatchOverrideDialog({
  request,
  message,
  onClose,
}: {
  request: DeliveryRequestDto;
  message: string;
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof dispatchOverrideFormSchema>, unknown, z.output<typeof dispatchOverrideFormSchema>>({
    resolver: zodResolver(dispatchOverrideFormSchema),
    defaultValues: { override: { allowUnpaid: true } },
  });
  const { handleSubmit, setError, control, formState } = form;
  const allowUnpaid = useWatch({ control, name: 'override.allowUnpaid' });
  const change = useChangeDeliveryStatus(onClose);
  const submit = handleSubmit(({ override }) =>
    change.mutate(
      { id: request.id, status: 'out_for_delivery', ...override },
      { onError: (err) => setError('override.overrideReason', { message: errorMessage(err, 'Could not dispatch') }) },
    ),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Not paid yet" description={message}>
      <form className="space-y-4" noValidate onSubmit={submit}>
        <Controller
          control={control}
          name="override"
          render={({ field }) => (
            <ReleaseOverrideFields
              value={field.value}
              onChange={field.onChange}
              error={formState.errors.override?.overrideReason?.message}
            />
          )}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending || formState.isSubmitting} disabled={!allowUnpaid}>
            Dispatch anyway
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The run sheet of a day, printed for the driver. */
function RunSheet() {
  const dates = useDateFormat();
  const [date, setDate] = useState(() => dates.today());
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Field label="Run sheet date">
        <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} className="w-44" />
      </Field>
      <Button
        variant="secondary"
        busy={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await openFile('/delivery-run-sheet', { date });
          } catch (error) {
            toast.error(errorMessage(error, 'Could not open the run sheet'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <FileText className="size-4" aria-hidden /> Print run sheet
      </Button>
    </div>
  );
}

/** Customers' delivery requests: staff schedule (date, driver), dispatch and complete them with proof. */
export default function DeliveryRequestsPage() {
  const dates = useDateFormat();
  const { user } = useSession();
  const canEdit = hasPermission(user, 'delivery_requests_edit');
  const canOverride = hasPermission(user, 'release_override');
  const list = useListState();
  const requests = useDeliveryRequests('/delivery-requests', list.query);
  const [scheduling, setScheduling] = useState<DeliveryRequestDto | null>(null);
  const [cancelling, setCancelling] = useState<DeliveryRequestDto | null>(null);
  const [refused, setRefused] = useState<{ request: DeliveryRequestDto; message: string } | null>(null);
  const change = useChangeDeliveryStatus(() => undefined);
  const act = (r: DeliveryRequestDto, status: DeliveryRequestStatus) => {
    if (status === 'scheduled') return setScheduling(r);
    if (status === 'cancelled') return setCancelling(r);
    change.mutate(
      { id: r.id, status },
      {
        onError: (error) => {
          // The release rule refused an unpaid dispatch: offer the override to those who hold it.
          if (status === 'out_for_delivery' && canOverride && error instanceof ApiError && error.status === 422)
            return setRefused({ request: r, message: error.message });
          toast.error(errorMessage(error, 'Could not update the request'));
        },
      },
    );
  };
  const base = window.location.pathname.replace(/\/delivery-requests.*$/, '');
  const columns: Array<DataTableColumn<DeliveryRequestDto>> = [
    {
      field: 'customerName',
      priority: 1,
      label: 'Customer',
      sortable: true,
      render: (r) => `${r.customerName} (${r.mailboxNumber})`,
      width: 200,
    },
    {
      field: 'address',
      priority: 2,
      label: 'Address',
      render: (r) => [r.address, r.locationName].filter(Boolean).join(' · ') || '-',
      wrap: true,
      width: 220,
    },
    {
      field: 'packages',
      priority: 2,
      label: 'Packages',
      filterable: false,
      render: (r) => r.packages.map((p) => p.packageNumber).join(', '),
      wrap: true,
    },
    { field: 'preferredDate', priority: 3, label: 'Preferred date', sortable: true, render: (r) => dates.calendar(r.preferredDate) },
    { field: 'scheduledDate', priority: 2, label: 'Scheduled date', sortable: true, render: (r) => dates.calendar(r.scheduledDate) },
    { field: 'driverName', priority: 3, label: 'Driver', sortable: true, filterable: false, render: (r) => r.driverName ?? '-' },
    { field: 'stopOrder', priority: 4, label: 'Stop', sortable: true, filterable: false, render: (r) => r.stopOrder ?? '-' },
    { field: 'phone', priority: 4, label: 'Phone', filterable: false, nowrap: true },
    { field: 'feeCents', priority: 3, label: 'Fee', sortable: true, filterable: false, render: (r) => formatJmd(r.feeCents) },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (r) => <StatusBadge kind="delivery" status={r.status} />,
      filterOptions: statusOptions('delivery'),
    },
    {
      field: 'recipientName',
      priority: 4,
      label: 'Received by',
      filterable: false,
      render: (r) => (r.recipientName ? `${r.recipientName}${r.hasPhoto ? ' (photo)' : ''}` : '-'),
    },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Packages Delivery Request</h1>
        <RunSheet />
      </div>
      <DataTable
        label="Delivery requests"
        empty={{ description: 'Customers ask for their ready packages to be delivered; their requests arrive here to schedule.' }}
        columns={columns}
        data={requests.data?.data ?? []}
        total={requests.data?.total ?? 0}
        loading={requests.isFetching}
        error={requests.error ? errorMessage(requests.error, 'Could not load the delivery requests') : null}
        onRetry={() => void requests.refetch()}
        getRowId={(r) => r.id}
        searchPlaceholder="Mailbox, name, address or phone"
        {...list.tableProps}
        actions={(r) =>
          canEdit ? (
            <div className="flex flex-wrap gap-1">
              {DELIVERY_TRANSITIONS[r.status].map((s) =>
                s === 'delivered' ? (
                  <Button key={s} size="sm" asChild>
                    <Link to={`${base}/deliver/${r.id}`}>
                      <Truck className="size-4" aria-hidden /> {ACTION_LABEL[s]}
                    </Link>
                  </Button>
                ) : (
                  <Button
                    key={s}
                    size="sm"
                    variant={s === 'cancelled' ? 'ghost' : 'secondary'}
                    busy={change.isPending && change.variables?.id === r.id && change.variables.status === s}
                    onClick={() => act(r, s)}
                  >
                    {ACTION_LABEL[s]}
                  </Button>
                ),
              )}
            </div>
          ) : r.status === 'out_for_delivery' && user && r.driverId === user.id ? (
            // The driver of a delivery completes it, whatever their role.
            <Button size="sm" asChild>
              <Link to={`${base}/deliver/${r.id}`}>
                <Truck className="size-4" aria-hidden /> {ACTION_LABEL.delivered}
              </Link>
            </Button>
          ) : null
        }
      />
      {scheduling && <ScheduleDialog request={scheduling} onClose={() => setScheduling(null)} />}
      {cancelling && <CancelDeliveryDialog request={cancelling} onClose={() => setCancelling(null)} />}
      {refused && <DispatchOverrideDialog request={refused.request} message={refused.message} onClose={() => setRefused(null)} />}
    </div>
  );
}
