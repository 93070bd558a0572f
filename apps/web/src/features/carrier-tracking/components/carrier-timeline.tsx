import { CheckCircle2, Truck } from 'lucide-react';
import type { CarrierTracking } from '@courier/shared/schemas/carrier-tracking';
import { Badge } from '@/components/ui/badge';
import { TestBadge } from '@/components/ui/test-badge';
import { useDateFormat } from '@/lib/format-date';
import { cn } from '@/lib/cn';

const TEST_NOTE = 'Simulated carrier scans: the courier is in test mode';

/** The carrier's scans of a parcel on its way to our Miami warehouse, newest first. */
export function CarrierTimeline({ tracking }: { tracking: CarrierTracking }) {
  const dates = useDateFormat();
  const delivered = tracking.tag === 'Delivered';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={delivered ? 'green' : tracking.tag === 'Exception' || tracking.tag === 'AttemptFail' ? 'red' : 'blue'}>
          {tracking.label}
        </Badge>
        {tracking.received && <Badge tone="green">Received at the warehouse</Badge>}
        {tracking.test && <TestBadge title={TEST_NOTE} />}
      </div>
      {!tracking.registered && tracking.events.length === 0 ? (
        <p className="text-sm text-slate-600">We have asked the carrier for news of this tracking number; its scans show here.</p>
      ) : tracking.events.length === 0 ? (
        <p className="text-sm text-slate-600">No scans from the carrier yet.</p>
      ) : (
        <ol className="space-y-3 border-l border-slate-200 pl-4" aria-label="Carrier scans">
          {tracking.events.map((e, i) => (
            <li key={e.id} className="relative">
              <span
                className={cn(
                  'absolute top-1 -left-[1.4rem] flex h-4 w-4 items-center justify-center rounded-full bg-white',
                  i === 0 ? 'text-brand-700' : 'text-slate-400',
                )}
                aria-hidden="true"
              >
                {e.tag === 'Delivered' ? <CheckCircle2 className="h-4 w-4" /> : <Truck className="h-4 w-4" />}
              </span>
              <p className="text-sm font-medium text-slate-900">{e.label}</p>
              <p className="text-sm text-slate-700">
                {e.message}
                {e.location ? ` · ${e.location}` : ''}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={e.occurredAt}>{dates.dateTime(e.occurredAt, tracking.timeZone)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
