import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { DELIVERY_MESSAGES, type DeliveryRequestDto, createDeliveryRequestFormSchema } from '@courier/shared/schemas/deliveries';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  useCancelDeliveryRequest,
  useCreateDeliveryRequest,
  useDeliveryLocations,
  useDeliveryRequests,
  useProofImage,
} from '@/features/deliveries/api/deliveries';
import { useCustomerProfile } from '@/features/auth/api/customer-account';
import { usePackageList } from '@/features/packages/api/packages';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusOptions } from '@courier/shared/format/status';
import { formatJmd } from '@courier/shared/format/money';

type FormIn = z.input<typeof createDeliveryRequestFormSchema>;
type FormOut = z.output<typeof createDeliveryRequestFormSchema>;

function RequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dates = useDateFormat();
  const ready = usePackageList('/customer/packages', { page: 1, limit: 100, filters: JSON.stringify({ status: 'ready_for_pickup' }) });
  const locations = useDeliveryLocations('/customer/delivery-locations');
  const profile = useCustomerProfile();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(createDeliveryRequestFormSchema),
    defaultValues: { packageIds: [], locationId: '', address: '', preferredDate: dates.today(), phone: '', notes: '' },
  });
  const { register, handleSubmit, reset, getValues, formState } = form;
  const { errors } = formState;
  // The street address and the phone start as the profile's, until the customer types their own.
  const profileAddress = [profile.data?.address, profile.data?.city, profile.data?.parish].filter(Boolean).join(', ');
  const profilePhone = profile.data?.phone ?? '';
  useEffect(() => {
    reset({ ...getValues(), address: profileAddress, phone: profilePhone }, { keepDirtyValues: true });
  }, [profileAddress, profilePhone, reset, getValues]);
  const create = useCreateDeliveryRequest();
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(DELIVERY_MESSAGES.requestCreated);
        reset({ ...getValues(), packageIds: [] });
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not request the delivery')),
    }),
  );
  const readyRows = ready.data?.data ?? [];
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Request delivery" className="max-w-xl">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Packages ready for pickup</legend>
          {readyRows.length === 0 ? (
            <p className="text-sm text-slate-500">You have no package ready for pickup.</p>
          ) : (
            <ul className="space-y-1">
              {readyRows.map((p) => (
                <li key={p.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" className="h-4 w-4 accent-brand-700" value={p.id} {...register('packageIds')} />
                    {p.packageNumber} · {p.description ?? p.trackingNumber}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {errors.packageIds && (
            <p className="mt-1 text-sm text-red-600" role="alert">
              {errors.packageIds.message}
            </p>
          )}
        </fieldset>
        <Field label="Delivery location">
          <Select {...register('locationId')}>
            <option value="">No delivery zone</option>
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}, {l.parish} · {formatJmd(l.feeCents)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Street address" error={errors.address?.message}>
          <Textarea maxLength={300} autoComplete="street-address" {...register('address')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Preferred date" error={errors.preferredDate?.message}>
            <Input type="date" min={dates.today()} {...register('preferredDate')} />
          </Field>
          <Field label="Phone" error={errors.phone?.message}>
            <Input type="tel" {...register('phone')} />
          </Field>
        </div>
        <Field label="Notes (optional)">
          <Textarea maxLength={500} {...register('notes')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Request delivery
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The proof of a delivery: who received it, when (in the courier's time zone), their signature and the photo. */
function ProofDialog({ request, onClose }: { request: DeliveryRequestDto; onClose: () => void }) {
  const dates = useDateFormat();
  const signature = useProofImage(`/customer/delivery-requests/${request.id}/proof/signature`);
  const photo = useProofImage(request.hasPhoto ? `/customer/delivery-requests/${request.id}/proof/photo` : null);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Proof of delivery" className="max-w-lg">
      <div className="space-y-3 text-sm">
        <p>
          Received by <strong>{request.recipientName}</strong>
          {request.deliveredAt ? ` on ${dates.dateTime(request.deliveredAt)}` : ''}.
        </p>
        {signature.data ? (
          <img
            src={signature.data}
            alt={`Signature of ${request.recipientName ?? 'the recipient'}`}
            className="w-full rounded border bg-white"
          />
        ) : (
          signature.isError && <p role="alert">Could not load the signature.</p>
        )}
        {photo.data && <img src={photo.data} alt="Photo taken at delivery" className="w-full rounded border" />}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The customer's delivery requests for ready packages. */
export default function CustomerDeliveryRequestsPage() {
  const dates = useDateFormat();
  const list = useListState();
  const requests = useDeliveryRequests('/customer/delivery-requests', list.query);
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState<DeliveryRequestDto | null>(null);
  const [proof, setProof] = useState<DeliveryRequestDto | null>(null);
  const cancel = useCancelDeliveryRequest();
  const columns: Array<DataTableColumn<DeliveryRequestDto>> = [
    {
      field: 'packages',
      priority: 1,
      label: 'Packages',
      filterable: false,
      render: (r) => r.packages.map((p) => p.packageNumber).join(', '),
      wrap: true,
    },
    { field: 'locationName', label: 'Where', filterable: false, render: (r) => r.locationName ?? r.address ?? '-', wrap: true },
    { field: 'preferredDate', priority: 2, label: 'Preferred date', sortable: true, render: (r) => dates.calendar(r.preferredDate) },
    { field: 'scheduledDate', priority: 2, label: 'Delivery date', sortable: true, render: (r) => dates.calendar(r.scheduledDate) },
    { field: 'feeCents', priority: 3, label: 'Fee', filterable: false, render: (r) => formatJmd(r.feeCents) },
    {
      field: 'status',
      priority: 1,
      label: 'Status',
      sortable: true,
      render: (r) => <StatusBadge kind="delivery" status={r.status} />,
      filterOptions: statusOptions('delivery'),
    },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Delivery requests</h1>
        <Button onClick={() => setOpen(true)}>Request delivery</Button>
      </div>
      <DataTable
        label="My delivery requests"
        empty={{
          description: 'Ask us to bring packages that are ready for pickup to your door, and follow the delivery here.',
          action: { label: 'Request a delivery', onClick: () => setOpen(true) },
        }}
        columns={columns}
        data={requests.data?.data ?? []}
        total={requests.data?.total ?? 0}
        loading={requests.isFetching}
        error={requests.error ? errorMessage(requests.error, 'Could not load your delivery requests') : null}
        onRetry={() => void requests.refetch()}
        getRowId={(r) => r.id}
        {...list.tableProps}
        actions={(r) =>
          r.status === 'delivered' && r.hasSignature ? (
            <Button size="sm" variant="secondary" onClick={() => setProof(r)}>
              Proof
            </Button>
          ) : r.status === 'requested' ? (
            <Button size="sm" variant="ghost" onClick={() => setCancelling(r)}>
              Cancel
            </Button>
          ) : null
        }
      />
      <RequestDialog open={open} onClose={() => setOpen(false)} />
      {proof && <ProofDialog request={proof} onClose={() => setProof(null)} />}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => !o && setCancelling(null)}
        title="Cancel delivery request"
        message="Cancel this delivery request? Your packages stay ready for pickup."
        confirmLabel="Cancel request"
        busy={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => toast.success(DELIVERY_MESSAGES.requestCancelled),
            onError: (error) => toast.error(errorMessage(error, 'Could not cancel')),
            onSettled: () => setCancelling(null),
          })
        }
      />
    </div>
  );
}
