import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useInvoice } from '@/features/billing/api/invoices';
import { InvoiceRefunds } from '@/features/billing/components/invoice-refunds';
import { InvoiceView } from '@/features/billing/components/invoice-view';
import { PayNowButton, PaymentReturnNotice } from '@/features/billing/components/pay-online';
import { ApiError, errorMessage } from '@/lib/api-client';
import { UseCreditForm } from '@/features/account-credit/components/use-credit-form';

const POLL_MS = 2_000;

/** /customer/invoices/{invoiceNo}: one of the customer's invoices, with Pay now while it is open. */
export default function CustomerInvoicePage() {
  const { invoiceNo = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const returned = search.get('payment');
  const invoice = useInvoice(invoiceNo);
  const waiting = returned === 'processing' && invoice.data !== undefined && invoice.data.status !== 'paid';
  const { refetch } = invoice;
  // Back from the card page: the invoice is paid when the gateway's notification is recorded, not before.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void refetch(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, refetch]);
  const dismiss = () => setSearch({}, { replace: true });
  return (
    <div className="space-y-3">
      <Link to="/customer/invoices" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All invoices
      </Link>
      {invoice.isLoading ? (
        <Spinner />
      ) : invoice.isError ? (
        invoice.error instanceof ApiError && invoice.error.status === 404 ? (
          <EmptyState title="Invoice not found">There is no invoice {invoiceNo} on your account.</EmptyState>
        ) : (
          <p role="alert">{errorMessage(invoice.error, 'Could not load the invoice')}</p>
        )
      ) : invoice.data ? (
        <>
          {returned && <PaymentReturnNotice state={returned} invoice={invoice.data} onGiveUp={dismiss} />}
          <InvoiceView
            invoice={invoice.data}
            heading="h1"
            pay={waiting ? undefined : <PayNowButton invoice={invoice.data} />}
            afterTotal={
              !waiting && invoice.data.status !== 'void' ? (
                <UseCreditForm invoiceNo={invoice.data.invoiceNo} balanceCents={invoice.data.balanceCents} />
              ) : undefined
            }
          />
          <InvoiceRefunds invoiceNo={invoice.data.invoiceNo} />
        </>
      ) : null}
    </div>
  );
}
