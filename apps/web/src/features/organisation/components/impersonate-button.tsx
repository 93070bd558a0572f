import { LogIn } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useImpersonate } from '../api/organisation';

/**
 * Opens the courier admin's portal with a single-use, 5-minute token. The session token lives in
 * local storage, shared by every tab, so this replaces the super admin's session here.
 */
export function ImpersonateButton({ userId, compact }: { userId: number; compact?: boolean }) {
  const impersonate = useImpersonate();
  const onClick = async () => {
    try {
      const { url } = await impersonate.mutateAsync(userId);
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to start impersonation'));
    }
  };
  return (
    <Button variant={compact ? 'ghost' : 'secondary'} size="sm" busy={impersonate.isPending} onClick={() => void onClick()}>
      <LogIn className="h-4 w-4" aria-hidden="true" />
      Impersonate
    </Button>
  );
}
