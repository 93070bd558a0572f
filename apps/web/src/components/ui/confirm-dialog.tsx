import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  message: string;
  confirmLabel?: string;
  /** The way back (a customer's "Not now"); Cancel unless said. */
  cancelLabel?: string;
  /** Danger unless said: a request that can be cancelled later confirms as primary. */
  variant?: 'danger' | 'primary';
  busy?: boolean;
  /** While busy on a long action, how far it has got (shown under the question). */
  progress?: ReactNode;
  onConfirm: () => void;
}

/** Asks before a destructive or paid action; the message is the question, in the product's fixed words. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title = 'Please confirm',
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  variant = 'danger',
  busy,
  progress,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <p className="text-sm text-slate-700">{message}</p>
      {busy && progress && <div className="mt-4">{progress}</div>}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={variant} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
