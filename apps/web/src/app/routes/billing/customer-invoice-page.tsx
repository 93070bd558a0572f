import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useInvoice } from '@/features/billing/api/invoices';
import { InvoiceView } from '@/features/billing/components/invoice-view';
import { ApiError, errorMessage } from '@/lib/api-client';

/** /customer/invoices/{invoiceNo}: one of the customer's invoices. */
export default function CustomerInvoicePage() {
  const { invoiceNo = '' } = useParams();
  const invoice = useInvoice(invoiceNo);
  return (
    <div className="space-y-4">
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
        <InvoiceView invoice={invoice.data} />
      ) : null}
    </div>
  );
}
