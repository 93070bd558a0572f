import { Plus } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PARISHES } from '@courier/shared/constants/parishes';
import { DELIVERY_MESSAGES, type DeliveryLocation, deliveryLocationInputSchema } from '@courier/shared/schemas/deliveries';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteDeliveryLocation, useDeliveryLocations, useSaveDeliveryLocation } from '@/features/deliveries/api/deliveries';
import { errorMessage } from '@/lib/api-client';
import { formatJmd, formatDecimal, parseCents } from '@courier/shared/format/money';

const formSchema = deliveryLocationInputSchema.omit({ feeCents: true }).extend({
  fee: z
    .string()
    .trim()
    .min(1, DELIVERY_MESSAGES.feeRequired)
    .regex(/^\d+(\.\d{1,2})?$/, DELIVERY_MESSAGES.twoDecimals),
  active: z.boolean(),
  cashOnDelivery: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

function LocationDialog({ location, open, onClose }: { location: DeliveryLocation | null; open: boolean; onClose: () => void }) {
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: location
      ? {
          name: location.name,
          parish: location.parish as FormValues['parish'],
          fee: formatDecimal(location.feeCents),
          active: location.active,
          cashOnDelivery: location.cashOnDelivery,
        }
      : { name: '', parish: 'Clarendon', fee: '', active: true, cashOnDelivery: false },
  });
  const save = useSaveDeliveryLocation();
  const submit = (v: FormValues) =>
    save.mutate(
      {
        id: location?.id ?? null,
        body: {
          name: v.name,
          parish: v.parish,
          active: v.active,
          cashOnDelivery: v.cashOnDelivery,
          feeCents: parseCents(v.fee) ?? 0,
        },
      },
      {
        onSuccess: () => {
          toast.success(DELIVERY_MESSAGES.locationSaved);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, 'Could not save the location')),
      },
    );
  const { errors } = form.formState;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={location ? 'Edit delivery location' : 'New delivery location'}>
      <form onSubmit={form.handleSubmit(submit)} className="space-y-4" noValidate>
        <Field label="Name" error={errors.name?.message}>
          <Input {...form.register('name')} />
        </Field>
        <Field label="Parish" error={errors.parish?.message}>
          <Select {...form.register('parish')}>
            {PARISHES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </Select>
        </Field>
        <Field label="Fee (JMD)" error={errors.fee?.message}>
          <Input inputMode="decimal" placeholder="800.00" {...form.register('fee')} />
        </Field>
        <Checkbox label="Active" {...form.register('active')} />
        <div>
          <Checkbox label="Cash on delivery" {...form.register('cashOnDelivery')} />
          <p className="mt-1 text-xs text-slate-600">
            The driver may take what is due in cash at the door; the packages are handed over only once it is paid.
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Where the courier delivers and what each place costs. */
export default function DeliveryLocationsPage() {
  const locations = useDeliveryLocations('/delivery-locations');
  const [editing, setEditing] = useState<DeliveryLocation | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<DeliveryLocation | null>(null);
  const remove = useDeleteDeliveryLocation();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Delivery Locations</h1>
        <Button
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          New location
        </Button>
      </div>
      {locations.isLoading ? (
        <Spinner />
      ) : locations.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(locations.error, 'Could not load the locations')}
        </p>
      ) : (locations.data ?? []).length === 0 ? (
        <EmptyState
          title="No data available"
          action={{
            label: 'Add the first location',
            icon: Plus,
            onClick: () => {
              setEditing(null);
              setOpen(true);
            },
          }}
        >
          Delivery locations are the areas you deliver to, each with its fee; customers pick one when they request a delivery.
        </EmptyState>
      ) : (
        <ScrollRegion label="Delivery locations" className="rounded-md border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-slate-500">
                <th className="p-3">Name</th>
                <th className="p-3">Parish</th>
                <th className="p-3">Fee</th>
                <th className="p-3">Cash on delivery</th>
                <th className="p-3">Status</th>
                <th className="p-3">Actions</th>
              </tr>
            </thead>
            <tbody>
              {(locations.data ?? []).map((l) => (
                <tr key={l.id} className="border-b last:border-0">
                  <td className="p-3">{l.name}</td>
                  <td className="p-3">{l.parish}</td>
                  <td className="p-3 tabular-nums">{formatJmd(l.feeCents)}</td>
                  <td className="p-3">{l.cashOnDelivery ? 'Yes' : 'No'}</td>
                  <td className="p-3">{l.active ? <Badge tone="green">active</Badge> : <Badge>inactive</Badge>}</td>
                  <td className="flex gap-2 p-3">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        setEditing(l);
                        setOpen(true);
                      }}
                    >
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(l)}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <LocationDialog location={editing} open={open} onClose={() => setOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        message={DELIVERY_MESSAGES.deleteConfirm}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(DELIVERY_MESSAGES.locationDeleted),
            onError: (error) => toast.error(errorMessage(error, 'Could not delete the location')),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
