import { SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

export function CourierIdMissing() {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {SETTINGS_MESSAGES.courierIdMissing}
    </p>
  );
}

export function TabLoading() {
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  );
}

/** A load that failed: logged by the query's caller, and offered again here rather than lost. */
export function TabError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  console.error(`[settings] load ${what}`, error);
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-md border border-slate-200 bg-white px-4 py-4 text-sm text-slate-700"
    >
      <p>
        The {what} could not be loaded. {errorMessage(error, '')}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
