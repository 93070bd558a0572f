import { Check } from 'lucide-react';
import { CARRIER_LABELS, type Carrier } from '@courier/shared/constants/packages';
import { SHOP_REQUEST_STAGE_LABELS, type ShopRequestStage } from '@courier/shared/constants/services';
import { formatJmd, formatUsd } from '@courier/shared/format/money';
import type { ShopRequestDto } from '@courier/shared/schemas/services';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useDateFormat } from '@/lib/format-date';

const TONES: Record<ShopRequestStage, BadgeTone> = {
  requested: 'yellow',
  quoted: 'blue',
  accepted: 'yellow',
  paid: 'brand',
  declined: 'neutral',
  purchased: 'blue',
  arrived: 'green',
  cancelled: 'neutral',
};

export function ShopStageBadge({ stage }: { stage: ShopRequestStage }) {
  return (
    <Badge tone={TONES[stage]} data-testid="shop-stage">
      {SHOP_REQUEST_STAGE_LABELS[stage]}
    </Badge>
  );
}

const STEPS: ShopRequestStage[] = ['requested', 'quoted', 'accepted', 'paid', 'purchased', 'arrived'];
const STEP_NAMES: Record<string, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  accepted: 'Accepted',
  paid: 'Paid',
  purchased: 'Purchased',
  arrived: 'Arrived',
};

/** Where the request is: each step done, the current one, the rest to come. */
export function ShopSteps({ request }: { request: ShopRequestDto }) {
  if (request.stage === 'declined' || request.stage === 'cancelled') return null;
  const at = STEPS.indexOf(request.stage);
  return (
    <ol className="grid grid-cols-3 gap-2 text-xs sm:grid-cols-6" aria-label="Progress">
      {STEPS.map((step, i) => (
        <li
          key={step}
          className={`flex items-center gap-1 rounded-md px-2 py-1 ${i <= at ? 'bg-brand-50 font-medium text-brand-800' : 'bg-slate-50 text-slate-500'}`}
          aria-current={i === at ? 'step' : undefined}
        >
          {i <= at && <Check className="h-3 w-3" aria-hidden="true" />} {STEP_NAMES[step]}
        </li>
      ))}
    </ol>
  );
}

/** A Shop For Me request as both sides read it: what was asked, the quote, the invoice, the orders. */
/** `level`: its sections' heading level, one under what holds it (2 on its own page, 3 in a dialog). */
export function ShopRequestDetails({ request, level = 3 }: { request: ShopRequestDto; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  const dates = useDateFormat();
  const q = request.quote;
  return (
    <div className="space-y-5">
      <ShopSteps request={request} />
      <section aria-labelledby={`asked-${request.id}`}>
        <H id={`asked-${request.id}`} className="mb-2 text-sm font-semibold text-slate-900">
          Items asked for · {dates.dateTime(request.createdAt)}
        </H>
        <ul className="space-y-1 text-sm">
          {request.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a request's items are a fixed list that never reorders.
            <li key={i} className="break-words">
              {item.quantity} × {item.itemDescription}
              {item.estimatedPriceUsdCents !== null && (
                <span className="text-slate-500"> (est. {formatUsd(item.estimatedPriceUsdCents)})</span>
              )}{' '}
              <a href={item.itemUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline">
                link
              </a>
            </li>
          ))}
        </ul>
        {request.notes && <p className="mt-1 text-sm text-slate-600">“{request.notes}”</p>}
      </section>
      {q && (
        <section aria-labelledby={`quote-${request.id}`}>
          <H id={`quote-${request.id}`} className="mb-2 text-sm font-semibold text-slate-900">
            Quote{request.quotedAt ? ` · ${dates.dateTime(request.quotedAt)}` : ''}
          </H>
          <table className="w-full text-sm" data-testid="shop-quote">
            <tbody className="divide-y divide-slate-100">
              {q.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines are a fixed list that never reorders.
                <tr key={i}>
                  <td className="py-1 pr-2">
                    {item.quantity} × {item.description}
                  </td>
                  <td className="py-1 text-right whitespace-nowrap">{formatUsd(item.quantity * item.unitPriceUsdCents)}</td>
                </tr>
              ))}
              <tr>
                <td className="py-1">US sales tax</td>
                <td className="py-1 text-right">{formatUsd(q.salesTaxUsdCents)}</td>
              </tr>
              <tr>
                <td className="py-1">US shipping</td>
                <td className="py-1 text-right">{formatUsd(q.usShippingUsdCents)}</td>
              </tr>
              <tr>
                <td className="py-1">Service fee</td>
                <td className="py-1 text-right">{formatUsd(q.serviceFeeUsdCents)}</td>
              </tr>
              {q.serviceFeeGctUsdCents > 0 && (
                <tr>
                  <td className="py-1">GCT {q.serviceFeeGctBps / 100}% on the service fee</td>
                  <td className="py-1 text-right" data-testid="shop-quote-fee-gct">
                    {formatUsd(q.serviceFeeGctUsdCents)}
                  </td>
                </tr>
              )}
              <tr className="font-semibold">
                <td className="py-1">Total</td>
                <td className="py-1 text-right" data-testid="shop-quote-total">
                  {formatUsd(q.totalUsdCents)}
                </td>
              </tr>
            </tbody>
          </table>
          {q.note && <p className="mt-1 text-sm text-slate-600">{q.note}</p>}
        </section>
      )}
      {request.invoice && (
        <p className="text-sm text-slate-700">
          Invoice <strong>{request.invoice.invoiceNo}</strong>: {formatJmd(request.invoice.totalCents)} ·{' '}
          {request.invoice.status === 'paid' ? 'paid' : 'to pay'}
        </p>
      )}
      {request.declineReason && <p className="text-sm text-slate-600">Declined: {request.declineReason}</p>}
      {request.orders.length > 0 && (
        <section aria-labelledby={`orders-${request.id}`}>
          <H id={`orders-${request.id}`} className="mb-2 text-sm font-semibold text-slate-900">
            Orders placed{request.purchasedAt ? ` · ${dates.dateTime(request.purchasedAt)}` : ''}
          </H>
          <ul className="space-y-1 text-sm">
            {request.orders.map((o) => (
              <li key={o.trackingNumber} className="break-words" data-testid="shop-order">
                {o.merchant} order {o.orderNumber}
                {o.itemCostUsdCents === null ? '' : ` (${formatUsd(o.itemCostUsdCents)})`} ·{' '}
                {CARRIER_LABELS[o.carrier as Carrier] ?? o.carrier} {o.trackingNumber} ·{' '}
                {o.arrived ? <strong className="text-green-700">arrived as {o.packageNumber}</strong> : 'on its way to our warehouse'}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
