import { formatJmd } from '@courier/shared/format/money';
import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { InvoiceDetail } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { useOnlinePaymentAvailability, usePayOnline } from '../api/online-payments';

const payable = (invoice: InvoiceDetail) =>
  (invoice.status === 'unpaid' || invoice.status === 'partially_paid') && invoice.balanceCents > 0;

/** The customer's "Pay now": off to the gateway's hosted card page for the whole balance. */
export function PayNowButton({ invoice }: { invoice: InvoiceDetail }) {
  const availability = useOnlinePaymentAvailability(payable(invoice));
  const pay = usePayOnline(invoice.invoiceNo);
  const [leaving, setLeaving] = useState(false);
  if (!payable(invoice) || !availability.data?.available) return null;
  const button = (
    <Button
      busy={pay.isPending || leaving}
      onClick={async () => {
        try {
          const { redirectUrl } = await pay.mutateAsync();
          setLeaving(true);
          window.location.assign(redirectUrl);
        } catch (error) {
          toast.error(errorMessage(error, 'Could not open the card payment page'));
        }
      }}
    >
      <CreditCard className="size-4" aria-hidden /> Pay now {formatJmd(invoice.balanceCents)}
    </Button>
  );
  if (!availability.data.test) return button;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {button}
      <TestBadge />
      <span className="text-xs text-slate-600">Test mode: no card is charged.</span>
    </span>
  );
}

/**
 * Back from the gateway (`?payment=processing|declined|failed`). The redirect proves nothing: the
 * invoice counts as paid only once the gateway's verified notification has been recorded, so
 * this waits for the invoice itself to say Paid (the page polls it meanwhile).
 */
export function PaymentReturnNotice({ state, invoice, onGiveUp }: { state: string; invoice: InvoiceDetail; onGiveUp(): void }) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (state !== 'processing') return;
    const timer = window.setTimeout(() => setTimedOut(true), 60_000);
    return () => window.clearTimeout(timer);
  }, [state]);
  if (state === 'processing' && invoice.status === 'paid') {
    return (
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-800">
        Payment received: invoice {invoice.invoiceNo} is paid. Your receipt is under Payments and in your e-mail.
      </p>
    );
  }
  if (state === 'processing') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {timedOut ? (
          <>
            We have not yet had the card payment confirmed by the payment gateway. If your card was charged it will show here shortly; you
            do not need to pay again.{' '}
            <button type="button" className="underline" onClick={onGiveUp}>
              Dismiss
            </button>
          </>
        ) : (
          <>
            <Spinner label="" /> Processing your card payment: waiting for the payment gateway to confirm it…
          </>
        )}
      </p>
    );
  }
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {state === 'declined'
        ? 'The card payment was declined; nothing was charged. You can try again with Pay now.'
        : 'The card payment could not be confirmed. If your card was charged, contact us with the invoice number; otherwise try again.'}{' '}
      <button type="button" className="underline" onClick={onGiveUp}>
        Dismiss
      </button>
    </p>
  );
}
