import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePreAlertCarrierTracking } from '../api/carrier-tracking';
import { CarrierTimeline } from './carrier-timeline';

/** The customer's view of a pre-alert on its way: the carrier's scans until it reaches our Miami warehouse. */
export function PreAlertCarrierDialog({
  preAlert,
  onClose,
}: {
  preAlert: { id: number; trackingNumber: string } | null;
  onClose: () => void;
}) {
  const tracking = usePreAlertCarrierTracking(preAlert?.id ?? null);
  const notFollowed = tracking.error instanceof ApiError && tracking.error.status === 404;
  return (
    <Dialog
      open={preAlert !== null}
      onOpenChange={(open) => !open && onClose()}
      title="On its way to us"
      description={preAlert ? `The carrier's scans of ${preAlert.trackingNumber} until it reaches our Miami warehouse.` : undefined}
      className="max-w-lg"
    >
      {tracking.isPending && preAlert ? (
        <Spinner />
      ) : notFollowed ? (
        <p className="text-sm text-slate-600">We are not following this tracking number with the carrier.</p>
      ) : tracking.isError ? (
        <p className="text-sm text-red-700" role="alert">
          {errorMessage(tracking.error, 'Could not load the carrier’s scans')}
        </p>
      ) : tracking.data ? (
        <CarrierTimeline tracking={tracking.data} />
      ) : null}
    </Dialog>
  );
}
