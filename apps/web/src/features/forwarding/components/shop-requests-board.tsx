import { useState } from 'react';
import { SHOP_REQUEST_STAGES, SHOP_REQUEST_STAGE_LABELS, type ShopRequestStage } from '@courier/shared/constants/services';
import { formatUsd } from '@courier/shared/format/money';
import { PageError } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useShopRequest, useShopRequests } from '../api/forwarding';
import { ShopRequestDetails, ShopStageBadge } from './shop-request-details';
import { ShopPurchaseForm, ShopQuoteForm } from './shop-staff-forms';

/** One request in a dialog, with what staff do next at its stage. */
function ShopRequestDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const request = useShopRequest('staff', id);
  const r = request.data;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={r ? `${r.requestNo} · ${r.name}` : 'Shop For Me request'}
      className="max-w-2xl"
    >
      {request.isPending ? (
        <Spinner />
      ) : request.isError ? (
        <PageError message={errorMessage(request.error, 'Could not load the request')} />
      ) : (
        <div className="space-y-5">
          <p className="text-sm text-slate-600">
            {r?.email} · <ShopStageBadge stage={request.data.stage} />
          </p>
          <ShopRequestDetails request={request.data} />
          {(request.data.stage === 'requested' || request.data.stage === 'quoted') && (
            <section aria-label="Quote" className="border-t border-slate-200 pt-4">
              <h3 className="mb-2 font-semibold text-slate-900">{request.data.stage === 'quoted' ? 'Change the quote' : 'Quote'}</h3>
              <ShopQuoteForm request={request.data} />
            </section>
          )}
          {request.data.stage === 'accepted' && <p className="text-sm text-slate-700">Waiting for the customer to pay the invoice.</p>}
          {request.data.stage === 'paid' && (
            <section aria-label="Purchase" className="border-t border-slate-200 pt-4">
              <h3 className="mb-2 font-semibold text-slate-900">Record the purchase</h3>
              <ShopPurchaseForm request={request.data} />
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Staff: the courier's Shop For Me requests, newest first, by stage. */
export function ShopRequestsBoard() {
  const [stage, setStage] = useState<ShopRequestStage | ''>('');
  const list = useShopRequests('staff', stage || undefined);
  const [openId, setOpenId] = useState<number | null>(null);
  const dates = useDateFormat();
  return (
    <div className="space-y-4">
      <Field label="Stage" className="max-w-xs">
        <Select value={stage} onChange={(e) => setStage(e.target.value as ShopRequestStage | '')}>
          <option value="">All</option>
          {SHOP_REQUEST_STAGES.map((s) => (
            <option key={s} value={s}>
              {SHOP_REQUEST_STAGE_LABELS[s]}
            </option>
          ))}
        </Select>
      </Field>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <PageError message={errorMessage(list.error, 'Could not load the requests')} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No Shop For Me request">
          Requests from the website's Shop For Me form and from signed-in customers show here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.data.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="shop-row">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {r.requestNo} · {r.name}
                </p>
                <p className="text-xs text-slate-500">
                  {r.items.length} item{r.items.length === 1 ? '' : 's'} · {dates.dateTime(r.createdAt)}
                  {r.quote ? ` · ${formatUsd(r.quote.totalUsdCents)}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <ShopStageBadge stage={r.stage} />
                <Button size="sm" variant="secondary" onClick={() => setOpenId(r.id)}>
                  Open {r.requestNo}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {openId !== null && <ShopRequestDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
