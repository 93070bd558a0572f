import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DEPARTURE_IN_FUTURE_CODE, MANIFEST_MESSAGES, type ManifestDetail, shipEarlyFormSchema } from '@courier/shared/schemas/manifests';
import { BulkProgress } from '@/components/ui/bulk-progress';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useManifestStep, useShipMovingDeparture } from '../api/manifests';
import { ManifestEditDialog } from './manifest-edit-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';

type Step = 'close' | 'ship' | 'arrive';
const DONE: Record<Step, string> = { close: MANIFEST_MESSAGES.closed, ship: MANIFEST_MESSAGES.shipped, arrive: MANIFEST_MESSAGES.arrived };

/** Shipping before the departure date: the API's message, and the note for moving the date to today. */
function ShipEarlyDialog({ manifestId, message, onClose }: { manifestId: number; message: string | null; onClose: () => void }) {
  const shipMoved = useShipMovingDeparture(manifestId);
  const form = useForm<z.input<typeof shipEarlyFormSchema>>({ resolver: zodResolver(shipEarlyFormSchema), defaultValues: { note: '' } });
  const { register, handleSubmit, reset, formState } = form;
  const submit = handleSubmit(({ note }) =>
    shipMoved.mutate(note, {
      onSuccess: () => {
        toast.success(DONE.ship);
        onClose();
        reset();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not ship the manifest')),
    }),
  );
  return (
    <Dialog open={message !== null} onOpenChange={(o) => !o && onClose()} title="Ship before the departure date?">
      <form className="space-y-4" onSubmit={submit}>
        <p className="text-sm text-slate-700">{message}</p>
        <Field label="Why it ships early (kept with the change)" error={formState.errors.note?.message}>
          <Input maxLength={500} {...register('note')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={shipMoved.isPending || formState.isSubmitting}>
            Move the date to today and ship
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * A manifest's life: edit its details, close, ship (before the departure date only by moving the
 * date to today with a note), mark arrived, reconcile. Buttons for the toolbar, with their dialogs.
 */
export function ManifestSteps({ m, canEdit }: { m: ManifestDetail; canEdit: boolean }) {
  const navigate = useNavigate();
  // The same dialog serves /staff and /admin: reconciliation is under the same portal.
  const portal = useLocation().pathname.split('/')[1] || 'staff';
  const [confirm, setConfirm] = useState<Step | null>(null);
  const [editing, setEditing] = useState(false);
  const step = useManifestStep(m.id);
  // A manifest shipped before its departure date: the API's message, and the note for moving the date.
  const [early, setEarly] = useState<string | null>(null);
  return (
    <>
      {canEdit && (m.status === 'open' || m.status === 'closed' || m.status === 'shipped') && (
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          Edit details
        </Button>
      )}
      {canEdit && m.status === 'open' && (
        <Button size="sm" variant="secondary" onClick={() => setConfirm('close')} disabled={m.pieces === 0}>
          Close manifest
        </Button>
      )}
      {canEdit && m.status === 'closed' && (
        <Button size="sm" onClick={() => setConfirm('ship')}>
          Ship
        </Button>
      )}
      {m.status === 'arrived' && (
        <Button size="sm" onClick={() => navigate(`/${portal}/reconciliation?manifest=${m.id}`)}>
          Reconcile
        </Button>
      )}
      {canEdit && m.status === 'shipped' && (
        <Button size="sm" onClick={() => setConfirm('arrive')}>
          Mark arrived
        </Button>
      )}
      <ManifestEditDialog manifest={m} open={editing} onOpenChange={setEditing} />
      <ShipEarlyDialog manifestId={m.id} message={early} onClose={() => setEarly(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm === 'ship' ? 'Ship the manifest' : confirm === 'arrive' ? 'Manifest arrived' : 'Close the manifest'}
        message={
          confirm === 'ship'
            ? `Ship ${m.manifestNumber}? Its ${m.pieces} packages go in transit and each customer is e-mailed.`
            : confirm === 'arrive'
              ? `Mark ${m.manifestNumber} as arrived? It can then be reconciled.`
              : `Close ${m.manifestNumber}? No package can be added or removed afterwards.`
        }
        confirmLabel={confirm === 'ship' ? 'Ship' : confirm === 'arrive' ? 'Mark arrived' : 'Close'}
        busy={step.isPending}
        progress={
          confirm === 'ship' ? (
            <BulkProgress label={`Shipping ${m.pieces.toLocaleString('en-US')} packages on ${m.manifestNumber}`} />
          ) : null
        }
        onConfirm={() =>
          confirm &&
          step.mutate(confirm, {
            onSuccess: () => {
              toast.success(DONE[confirm]);
              setConfirm(null);
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === DEPARTURE_IN_FUTURE_CODE) setEarly(error.message);
              else toast.error(errorMessage(error, 'Could not update the manifest'));
              setConfirm(null);
            },
          })
        }
      />
    </>
  );
}
