import type { ReactNode } from 'react';
import { CONSOLIDATION_STATUS_LABELS, type ConsolidationStatus, REPACK_LABELS } from '@courier/shared/constants/services';
import { formatJmd } from '@courier/shared/format/money';
import type { ConsolidationDto } from '@courier/shared/schemas/services';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useDateFormat } from '@/lib/format-date';

const TONES: Record<ConsolidationStatus, BadgeTone> = { requested: 'yellow', completed: 'green', cancelled: 'neutral' };

export function ConsolidationStatusBadge({ status }: { status: ConsolidationStatus }) {
  return <Badge tone={TONES[status]}>{CONSOLIDATION_STATUS_LABELS[status]}</Badge>;
}

/** One consolidation request as a card: its packages, how to repack, the fee, the new parcel. */
export function ConsolidationCard({
  request,
  actions,
  showCustomer,
}: {
  request: ConsolidationDto;
  actions?: ReactNode;
  showCustomer?: boolean;
}) {
  const dates = useDateFormat();
  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`con-${request.id}`}
      data-testid="consolidation-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`con-${request.id}`} className="font-semibold text-slate-900">
            {request.requestNo}
          </h3>
          <p className="text-xs text-slate-500">
            {showCustomer ? `${request.customer.name} (${request.customer.mailbox ?? ''}) · ` : ''}
            Asked {dates.dateTime(request.createdAt)}
          </p>
        </div>
        <ConsolidationStatusBadge status={request.status} />
      </header>
      <ul className="mt-3 space-y-1 text-sm">
        {request.packages.map((p) => (
          <li key={p.id} className="flex justify-between gap-3">
            <span className="min-w-0 truncate">
              <span className="font-medium">{p.packageNumber}</span>{' '}
              <span className="text-slate-500">{p.description ?? p.trackingNumber}</span>
            </span>
            <span className="shrink-0 text-slate-600">{p.weightLb} lb</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Repack</dt>
          <dd>{REPACK_LABELS[request.repack]}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Fee</dt>
          <dd>{request.status === 'cancelled' ? 'None (cancelled)' : formatJmd(request.feeCents)}</dd>
        </div>
        {request.holdUntil && (
          <div>
            <dt className="text-xs text-slate-500">Hold new arrivals until</dt>
            <dd>{dates.calendar(request.holdUntil)}</dd>
          </div>
        )}
        {request.newPackage && (
          <div>
            <dt className="text-xs text-slate-500">New parcel</dt>
            <dd className="font-semibold" data-testid="consolidation-new-parcel">
              {request.newPackage.packageNumber}
            </dd>
          </div>
        )}
      </dl>
      {request.notes && <p className="mt-2 text-sm text-slate-600">“{request.notes}”</p>}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
