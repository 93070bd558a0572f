import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { SHIPPING_MODES, type ShippingMode } from '@courier/shared/constants/packages';
import { MANIFEST_MESSAGES, MAWB_IN_USE_CODE } from '@courier/shared/schemas/manifests';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateManifest } from '../../api/manifests';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SplitShipmentConfirm } from './split-shipment-confirm';

/** A new AIR or SEA manifest: type, MAWB or bill of lading, flight or vessel, dates. */
export function CreateManifestDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [type, setType] = useState<ShippingMode>('AIR');
  const [mawbOrBl, setMawbOrBl] = useState('');
  const [flightOrVessel, setFlightOrVessel] = useState('');
  const [departureDate, setDepartureDate] = useState('');
  const [arrivalDate, setArrivalDate] = useState('');
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({
      type,
      mawbOrBl: mawbOrBl || undefined,
      flightOrVessel: flightOrVessel || undefined,
      departureDate: departureDate || undefined,
      arrivalDate: arrivalDate || undefined,
    });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="New manifest">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Field label="Type">
          <Select value={type} onChange={(e) => setType(e.target.value as ShippingMode)}>
            {SHIPPING_MODES.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Select>
        </Field>
        <Field label={type === 'AIR' ? 'MAWB number' : 'Bill of lading number'}>
          <Input value={mawbOrBl} maxLength={40} onChange={(e) => setMawbOrBl(e.target.value)} />
        </Field>
        <Field label={type === 'AIR' ? 'Flight' : 'Vessel'}>
          <Input value={flightOrVessel} maxLength={60} onChange={(e) => setFlightOrVessel(e.target.value)} />
        </Field>
        <Field label="Departure date">
          <Input type="date" value={departureDate} onChange={(e) => setDepartureDate(e.target.value)} />
        </Field>
        <Field label="Arrival date">
          <Input type="date" value={arrivalDate} min={departureDate || undefined} onChange={(e) => setArrivalDate(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Create
          </Button>
        </div>
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
