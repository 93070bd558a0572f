import { CreditCard, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type CourierDetail, PLATFORM_MESSAGES } from '@courier/shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { useSetCourierPaymentTestMode } from '../api/couriers';

/**
 * The courier's card payment test mode, like a payment provider's test keys: in it, customers pay
 * on the test gateway, nothing is charged and every payment says TEST. Only the super admin
 * switches it, each way after a confirmation.
 */
export function PaymentTestModeCard({ courier }: { courier: CourierDetail }) {
  const setTestMode = useSetCourierPaymentTestMode();
  const [confirming, setConfirming] = useState(false);
  const testing = courier.paymentTestMode;
  const change = async () => {
    try {
      await setTestMode.mutateAsync({ id: courier.id, paymentTestMode: !testing });
      toast.success(testing ? PLATFORM_MESSAGES.paymentTestModeOff : PLATFORM_MESSAGES.paymentTestModeOn);
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to change the card payment test mode'));
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Card payments</CardTitle>
        {testing ? <TestBadge title="Test mode" /> : <span className="text-xs font-medium text-green-700">Live</span>}
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="payment-test-mode">
          {testing ? (
            <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
          ) : (
            <CreditCard className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
          )}
          {testing
            ? 'Test mode: this courier’s customers pay on the test gateway. No card is charged, and every such payment, receipt and report line says TEST.'
            : 'Live: customers pay through the courier’s own WiPay account. Without one, Pay now is not offered.'}
        </p>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} disabled={setTestMode.isPending}>
          {testing ? 'Switch test mode off' : 'Switch test mode on'}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={testing ? 'Switch test mode off' : 'Switch test mode on'}
        message={
          testing
            ? `Take ${courier.name} live? Its customers then pay through its own WiPay account, or are not offered Pay now without one. Open test checkouts can no longer be approved.`
            : `Put ${courier.name} in test mode? Its customers then pay on the test gateway: invoices are marked paid with no money taken, shown as TEST. Only for a courier that is not yet taking real payments.`
        }
        confirmLabel={testing ? 'Take live' : 'Switch to test mode'}
        busy={setTestMode.isPending}
        onConfirm={change}
      />
    </Card>
  );
}
