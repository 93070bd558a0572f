import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { resetTwoFactor } from '../api/two-factor';

/** Clears a person's two-step sign-in after a confirmation (they lost their phone and their codes). */
export function ResetTwoFactorButton({ kind, id, name }: { kind: 'user' | 'customer'; id: number; name: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <ShieldOff className="h-4 w-4" aria-hidden="true" />
        Reset two-step sign-in
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Reset two-step sign-in"
        message={`${name} will sign in with their password alone, and set two-step sign-in up again where it is required. Reset it?`}
        confirmLabel="Reset"
        busy={busy}
        onConfirm={async () => {
          setBusy(true);
          try {
            toast.success((await resetTwoFactor({ kind, id })).message);
            setOpen(false);
          } catch (error) {
            toast.error(errorMessage(error, 'Could not reset two-step sign-in'));
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}
