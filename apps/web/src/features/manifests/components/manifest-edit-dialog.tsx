import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { MANIFEST_MESSAGES, MAWB_IN_USE_CODE, type ManifestDto, manifestEditFormSchema } from '@courier/shared/schemas/manifests';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateManifest } from '../api/manifests';
import { SplitShipmentConfirm } from './split-shipment-confirm';

type FormIn = z.input<typeof manifestEditFormSchema>;
type FormOut = z.output<typeof manifestEditFormSchema>;

/** Corrects a manifest's MAWB / BL, flight / vessel and dates (until it arrives); each change is audited. */
export function ManifestEditDialog({
  manifest,
  open,
  onOpenChange,
}: {
  manifest: ManifestDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const save = useUpdateManifest(manifest.id);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(manifestEditFormSchema) });
  const { register, handleSubmit, reset, formState } = form;
  useEffect(() => {
    if (!open) return;
    reset({
      mawbOrBl: manifest.mawbOrBl ?? '',
      flightOrVessel: manifest.flightOrVessel ?? '',
      departureDate: manifest.departureDate ?? '',
      arrivalDate: manifest.arrivalDate ?? '',
    });
  }, [open, manifest, reset]);
  // A MAWB / BL already on another manifest: the API's message, and the change to send once the split is confirmed.
  const [split, setSplit] = useState<{ message: string; body: object } | null>(null);
  const send = (body: object) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(MANIFEST_MESSAGES.corrected);
        setSplit(null);
        onOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === MAWB_IN_USE_CODE) setSplit({ message: error.message, body });
        else toast.error(errorMessage(error, 'Could not update the manifest'));
      },
    });
  const onSubmit = handleSubmit((v) => send({ ...v, departureDate: v.departureDate || null, arrivalDate: v.arrivalDate || null }));
  const air = manifest.type === 'AIR';
  const e = formState.errors;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Edit ${manifest.manifestNumber}`}>
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <Field label={air ? 'MAWB number' : 'Bill of lading number'} error={e.mawbOrBl?.message}>
          <Input maxLength={40} {...register('mawbOrBl')} />
        </Field>
        <Field label={air ? 'Flight' : 'Vessel'} error={e.flightOrVessel?.message}>
          <Input maxLength={60} {...register('flightOrVessel')} />
        </Field>
        <Field label="Departure date" error={e.departureDate?.message}>
          <Input type="date" {...register('departureDate')} />
        </Field>
        <Field label="Arrival date" error={e.arrivalDate?.message}>
          <Input type="date" {...register('arrivalDate')} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            Save changes
          </Button>
        </div>
      </form>
      <SplitShipmentConfirm
        message={split?.message ?? null}
        busy={save.isPending}
        onCancel={() => setSplit(null)}
        onConfirm={() => split && send({ ...split.body, splitShipment: true })}
      />
    </Dialog>
  );
}
