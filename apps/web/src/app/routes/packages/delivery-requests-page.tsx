import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { DeliveryRequestStatus } from '@courier/shared/constants/packages';
import { hasPermission } from '@courier/shared/domain/permissions';
import {
  DELIVERY_MESSAGES,
  DELIVERY_STATUS_LABELS,
  DELIVERY_TRANSITIONS,
  type DeliveryRequestDto,
} from '@courier/shared/schemas/deliveries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { useDeliveryRequests } from '@/features/packages/api/deliveries';
import { api, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

const TONE = { requested: 'yellow', scheduled: 'blue', out_for_delivery: 'brand', delivered: 'green', cancelled: 'neutral' } as const;
const jmd = (cents: number) => `JMD ${(cents / 100).toLocaleString('en-JM', { minimumFractionDigits: 2 })}`;
const ACTION_LABEL: Record<DeliveryRequestStatus, string> = {
  requested: 'Requested',
  scheduled: 'Schedule',
  out_for_delivery: 'Dispatch',
  delivered: 'Delivered',
  cancelled: 'Cancel',
};

/** Customers' delivery requests: staff schedule, dispatch and complete them. */
export default function DeliveryRequestsPage() {
  const { user } = useSession();
  const canEdit = hasPermission(user, 'delivery_requests_edit');
  const list = useListState();
  const requests = useDeliveryRequests('/delivery-requests', list.query);
  const qc = useQueryClient();
  const change = useMutation({
    mutationFn: ({ id, status }: { id: number; status: DeliveryRequestStatus }) =>
      api.post<DeliveryRequestDto>(`/delivery-requests/${id}/status`, { status }),
    onSuccess: () => {
      toast.success(DELIVERY_MESSAGES.statusChanged);
      void qc.invalidateQueries({ queryKey: ['delivery-requests'] });
      void qc.invalidateQueries({ queryKey: ['packages'] });
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not update the request')),
  });
  const columns: Array<DataTableColumn<DeliveryRequestDto>> = [
    { field: 'customerName', label: 'Customer', sortable: true, render: (r) => `${r.customerName} (${r.mailboxNumber})`, width: 200 },
    { field: 'locationName', label: 'Where', render: (r) => r.locationName ?? r.address ?? '-', wrap: true, width: 200 },
    {
      field: 'packages',
      label: 'Packages',
      filterable: false,
      render: (r) => r.packages.map((p) => p.packageNumber).join(', '),
      wrap: true,
    },
    { field: 'preferredDate', label: 'Preferred date', sortable: true },
    { field: 'scheduledDate', label: 'Scheduled date', sortable: true, render: (r) => r.scheduledDate ?? '-' },
    { field: 'phone', label: 'Phone', filterable: false },
    { field: 'feeCents', label: 'Fee', sortable: true, filterable: false, render: (r) => jmd(r.feeCents) },
    {
      field: 'status',
      label: 'Status',
      sortable: true,
      render: (r) => <Badge tone={TONE[r.status]}>{DELIVERY_STATUS_LABELS[r.status]}</Badge>,
      filterOptions: Object.entries(DELIVERY_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    },
  ];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Packages Delivery Request</h1>
      {requests.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(requests.error, 'Could not load the delivery requests')}
        </p>
      )}
      <DataTable
        label="Delivery requests"
        columns={columns}
        data={requests.data?.data ?? []}
        total={requests.data?.total ?? 0}
        loading={requests.isFetching}
        getRowId={(r) => r.id}
        searchPlaceholder="Mailbox, name, address or phone"
        {...list.tableProps}
        actions={(r) =>
          canEdit ? (
            <div className="flex flex-wrap gap-1">
              {DELIVERY_TRANSITIONS[r.status].map((s) => (
                <Button
                  key={s}
                  size="sm"
                  variant={s === 'cancelled' ? 'ghost' : 'secondary'}
                  busy={change.isPending && change.variables?.id === r.id && change.variables.status === s}
                  onClick={() => change.mutate({ id: r.id, status: s })}
                >
                  {ACTION_LABEL[s]}
                </Button>
              ))}
            </div>
          ) : null
        }
      />
    </div>
  );
}
