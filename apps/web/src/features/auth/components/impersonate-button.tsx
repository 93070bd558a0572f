import { LogIn } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useImpersonate } from '../api/impersonation';

/**
 * Opens the courier admin's portal in a new tab with a single-use, 5-minute token. That tab keeps
 * its session to itself (session storage), so the super admin stays signed in here.
 */
export function ImpersonateButton({ userId, compact }: { userId: number; compact?: boolean }) {
  const impersonate = useImpersonate();
  const onClick = async () => {
    // Opened before the request, while the click still allows a new tab (pop-up blockers).
    const tab = window.open('', '_blank');
    try {
      const { url } = await impersonate.mutateAsync(userId);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
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
