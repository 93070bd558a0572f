import { toast } from 'sonner';
import { type ConsolidationDto, SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useCancelConsolidation } from '../api/forwarding';

/**
 * Asks before a consolidation is cancelled (the customer's own, or one a staff member cancels for
 * them), then cancels it; `request` null keeps the dialog closed.
 */
export function CancelConsolidationDialog({
  request,
  scope,
  confirmLabel,
  onClose,
}: {
  request: ConsolidationDto | null;
  scope: 'customer' | 'staff';
  confirmLabel: string;
  onClose: () => void;
}) {
  const cancel = useCancelConsolidation(scope);
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Cancel consolidation"
      message={SERVICE_MESSAGES.cancelConfirm}
      confirmLabel={confirmLabel}
      busy={cancel.isPending}
      onConfirm={() =>
        request &&
        cancel.mutate(request.id, {
          onSuccess: () => toast.success(SERVICE_MESSAGES.cancelled),
          onError: (error) => toast.error(errorMessage(error, 'Could not cancel')),
          onSettled: onClose,
        })
      }
    />
  );
}
