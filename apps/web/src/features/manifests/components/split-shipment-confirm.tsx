import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * Asks before a MAWB or bill of lading already on another manifest is used again: the API's
 * message names the other manifest; confirming sends the same change with `splitShipment`.
 */
export function SplitShipmentConfirm({
  message,
  busy,
  onCancel,
  onConfirm,
}: {
  message: string | null;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(o) => !o && onCancel()}
      title="Split shipment?"
      message={message ?? ''}
      confirmLabel="Confirm the split"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
