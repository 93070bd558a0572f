import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { connectivity } from '@/lib/connectivity';
import { useDateFormat } from '@/lib/format-date';

/**
 * One banner for the whole app while the server cannot be reached: the person stays signed in and
 * on their screen, and Retry asks again for everything on it (any answer hides the banner).
 */
export function OfflineBanner() {
  const offline = useSyncExternalStore(connectivity.subscribe, connectivity.isOffline, () => false);
  const copyAsOf = useSyncExternalStore(connectivity.subscribe, connectivity.copyAsOf, () => null);
  const dates = useDateFormat();
  const client = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  if (!offline) return null;
  const retry = async () => {
    setRetrying(true);
    try {
      await client.refetchQueries({ type: 'active' });
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div
      role="alert"
      className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-3 border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 shadow-lg"
    >
      <WifiOff className="h-4 w-4" aria-hidden="true" />
      <span>
        {copyAsOf
          ? `You are offline. Showing what was saved on this device as of ${dates.dateTime(copyAsOf)}.`
          : 'You are offline or the server cannot be reached. You stay signed in; try again when the connection is back.'}
      </span>
      <Button size="sm" variant="secondary" busy={retrying} onClick={() => void retry()}>
        Retry
      </Button>
    </div>
  );
}
