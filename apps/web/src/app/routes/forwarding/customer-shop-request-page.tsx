import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { SERVICE_MESSAGES } from '@courier/shared/schemas/services';
import { PageError, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDecideShopRequest, useShopRequest } from '@/features/forwarding/api/forwarding';
import { ShopRequestDetails, ShopStageBadge } from '@/features/forwarding/components/shop-request-details';
import { errorMessage } from '@/lib/api-client';

/** One Shop For Me request: every step, and the customer's next move (accept and pay, or decline). */
export default function CustomerShopRequestPage() {
  const id = Number(useParams().id);
  const request = useShopRequest('customer', Number.isInteger(id) && id > 0 ? id : null);
  const decide = useDecideShopRequest();
  const [declining, setDeclining] = useState(false);
  const back = { to: '/customer/shop-requests', label: 'Shop For Me' };
  if (request.isPending) return <Spinner />;
  if (request.isError) {
    return (
      <div>
        <PageHeader title="Shop For Me request" back={back} />
        <PageError message={errorMessage(request.error, 'Could not load the request')} />
      </div>
    );
  }
  const r = request.data;
  const answer = (decision: 'accept' | 'decline') =>
    decide.mutate(
      { id: r.id, decision },
      {
        onSuccess: () => toast.success(decision === 'accept' ? SERVICE_MESSAGES.accepted : SERVICE_MESSAGES.declined),
        onError: (error) => toast.error(errorMessage(error, 'Could not send your answer')),
        onSettled: () => setDeclining(false),
      },
    );
  return (
    <div className="space-y-4">
      <PageHeader title={r.requestNo} back={back} actions={<ShopStageBadge stage={r.stage} />} />
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <ShopRequestDetails request={r} level={2} />
      </div>
      {r.stage === 'requested' && <p className="text-sm text-slate-600">We are pricing your items; we e-mail you the quote.</p>}
      {r.stage === 'quoted' && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button busy={decide.isPending} onClick={() => answer('accept')}>
            Accept quote
          </Button>
          <Button variant="secondary" onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      )}
      {r.stage === 'accepted' && r.invoice && (
        <div className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          <p>Pay invoice {r.invoice.invoiceNo} online and we buy your items right away.</p>
          <Button asChild className="mt-2">
            <Link to={`/customer/invoices/${encodeURIComponent(r.invoice.invoiceNo)}`}>Pay invoice {r.invoice.invoiceNo}</Link>
          </Button>
        </div>
      )}
      {r.stage === 'paid' && <p className="text-sm text-slate-600">Paid: we are placing your orders.</p>}
      {r.stage === 'purchased' && <p className="text-sm text-slate-600">Bought: the packages are on their way to our US warehouse.</p>}
      {r.stage === 'arrived' && (
        <p className="text-sm text-slate-600">
          Everything arrived. Follow it in{' '}
          <Link to="/customer/packages" className="text-brand-700 underline">
            your packages
          </Link>
          .
        </p>
      )}
      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Decline quote"
        message={SERVICE_MESSAGES.declineConfirm}
        confirmLabel="Decline quote"
        busy={decide.isPending}
        onConfirm={() => answer('decline')}
      />
    </div>
  );
}
