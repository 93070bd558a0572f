import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';

/**
 * Asks before a person's account is deactivated (signed out, no sign-in) or activated again,
 * then changes it and toasts the outcome.
 */
export function ActiveStatusConfirm({
  open,
  onOpenChange,
  noun,
  name,
  active,
  busy,
  setActive,
  messages,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who the account belongs to, e.g. 'customer' or 'staff member'. */
  noun: string;
  name: string;
  active: boolean;
  busy: boolean;
  setActive: (active: boolean) => Promise<unknown>;
  messages: { activated: string; deactivated: string };
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={active ? `Deactivate ${noun}` : `Activate ${noun}`}
      message={
        active
          ? `Are you sure you want to deactivate ${name}? They will be signed out and cannot sign in until activated again.`
          : `Activate ${name}? They will be able to sign in again.`
      }
      confirmLabel={active ? 'Deactivate' : 'Activate'}
      busy={busy}
      onConfirm={async () => {
        try {
          await setActive(!active);
          toast.success(active ? messages.deactivated : messages.activated);
          onOpenChange(false);
        } catch (error) {
          toast.error(errorMessage(error, 'Failed to change the status'));
        }
      }}
    />
  );
}
