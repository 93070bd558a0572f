import { Clock } from 'lucide-react';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { TIME_MESSAGES, formatMinutes } from '@courier/shared/schemas/time-tracking';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useClock, useClockStatus } from '../api/time-tracking';
import { useDateFormat } from '@/lib/format-date';

/** The staff dashboard's clock: in or out, since when, and today's hours. */
export function ClockWidget() {
  const dates = useDateFormat();
  const status = useClockStatus();
  const clock = useClock();
  const open = status.data?.open ?? null;
  const act = async () => {
    try {
      await clock.mutateAsync(open ? 'clock-out' : 'clock-in');
      toast.success(open ? TIME_MESSAGES.clockedOut : TIME_MESSAGES.clockedIn);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not update your clock'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="h-5 w-5" aria-hidden="true" /> Time clock
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {status.isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : status.isError ? (
          <p className="text-sm text-red-700" role="alert">
            {errorMessage(status.error, 'Could not load your clock')}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {open ? `Clocked in since ${dates.time(open.clockIn)}` : 'You are clocked out'}
              {' · '}Today {formatMinutes(status.data?.todayMinutes ?? 0)}
            </p>
            <Button onClick={() => void act()} busy={clock.isPending} variant={open ? 'secondary' : 'primary'}>
              {open ? 'Clock out' : 'Clock in'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
