import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { SHIPPING_MODES } from '@courier/shared/constants/packages';
import { MANIFEST_MESSAGES, MAWB_IN_USE_CODE, createManifestFormSchema } from '@courier/shared/schemas/manifests';
import { type CreateDialogProps, Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateManifest } from '../api/manifests';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SplitShipmentConfirm } from './split-shipment-confirm';

/** A new AIR or SEA manifest: type, MAWB or bill of lading, flight or vessel, dates. */
export function CreateManifestDialog({ open, onClose, onCreated }: CreateDialogProps) {
  const form = useForm<z.input<typeof createManifestFormSchema>, unknown, z.output<typeof createManifestFormSchema>>({
    resolver: zodResolver(createManifestFormSchema),
    defaultValues: { type: 'AIR', mawbOrBl: '', flightOrVessel: '', departureDate: '', arrivalDate: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const { errors } = formState;
  const type = useWatch({ control, name: 'type' });
  const departureDate = useWatch({ control, name: 'departureDate' });
  const create = useCreateManifest();
  // A MAWB / BL already on another manifest: the API's message, and the manifest to create once the split is confirmed.
  const [split, setSplit] = useState<{ message: string; body: object } | null>(null);
  const send = (body: object) =>
    create.mutate(body, {
      onSuccess: (m) => {
        setSplit(null);
        toast.success(`${MANIFEST_MESSAGES.created}: ${m.manifestNumber}`);
        onCreated(m.id);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === MAWB_IN_USE_CODE) setSplit({ message: error.message, body });
        else toast.error(errorMessage(error, 'Could not create the manifest'));
      },
    });
  const submit = handleSubmit((body) => send(body));
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="New manifest">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label="Type" error={errors.type?.message}>
          <Select {...register('type')}>
            {SHIPPING_MODES.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Select>
        </Field>
        <Field label={type === 'AIR' ? 'MAWB number' : 'Bill of lading number'} error={errors.mawbOrBl?.message}>
          <Input maxLength={40} {...register('mawbOrBl')} />
        </Field>
        <Field label={type === 'AIR' ? 'Flight' : 'Vessel'} error={errors.flightOrVessel?.message}>
          <Input maxLength={60} {...register('flightOrVessel')} />
        </Field>
        <Field label="Departure date" error={errors.departureDate?.message}>
          <Input type="date" {...register('departureDate')} />
        </Field>
        <Field label="Arrival date" error={errors.arrivalDate?.message}>
          <Input type="date" min={departureDate || undefined} {...register('arrivalDate')} />
        </Field>
        <FormActions onCancel={onClose} busy={create.isPending} submitLabel="Create" className="sm:col-span-2" />
      </form>
      <SplitShipmentConfirm
        message={split?.message ?? null}
        busy={create.isPending}
        onCancel={() => setSplit(null)}
        onConfirm={() => split && send({ ...split.body, splitShipment: true })}
      />
    </Dialog>
  );
}
