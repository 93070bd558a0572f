import { useState } from 'react';
import type { CarrierTracking } from '@courier/shared/schemas/carrier-tracking';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TestBadge } from '@/components/ui/test-badge';
import { errorMessage } from '@/lib/api-client';
import { useDateFormat } from '@/lib/format-date';
import { useCarrierTrackings } from '../api/carrier-tracking';
import { CarrierTimeline } from './carrier-timeline';

function Row({ tracking, opened, onToggle }: { tracking: CarrierTracking; opened: boolean; onToggle: () => void }) {
  const dates = useDateFormat();
  const waiting = tracking.deliveredAt !== null && !tracking.received;
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-mono font-medium break-all text-slate-900">{tracking.trackingNumber}</p>
          <p className="text-slate-600">
            {tracking.customerName} ({tracking.mailboxNumber}) · {tracking.merchant}
          </p>
          {tracking.deliveredAt && (
            <p className={waiting ? 'text-red-700' : 'text-slate-600'}>
              Delivered to the warehouse {dates.dateTime(tracking.deliveredAt, tracking.timeZone)}
              {waiting ? ' · not received yet' : ''}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {tracking.test && <TestBadge title="Simulated carrier scans: the courier is in test mode" />}
          {tracking.alertedAt && waiting && <Badge tone="action">Alert</Badge>}
          <Badge tone={tracking.received ? 'done' : tracking.tag === 'Delivered' ? 'green' : 'blue'}>
            {tracking.received ? 'Received' : tracking.label}
          </Badge>
          <Button size="sm" variant="secondary" aria-expanded={opened} onClick={onToggle}>
            {opened ? 'Hide scans' : 'Scans'}
          </Button>
        </div>
      </div>
      {opened && <CarrierTimeline tracking={tracking} />}
    </li>
  );
}

/** Staff: pre-alerted parcels the carrier is bringing, and those delivered to us but not scanned in. */
export function CarrierTrackingList() {
  const [show, setShow] = useState<'all' | 'waiting'>(() =>
    new URLSearchParams(window.location.search).has('search') ? 'waiting' : 'all',
  );
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | null>(null);
  const list = useCarrierTrackings(show, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;
  return (
    <div className="space-y-4">
      <Field label="Show" className="max-w-xs">
        <Select
          value={show}
          onChange={(e) => {
            setShow(e.target.value as 'all' | 'waiting');
            setPage(1);
          }}
        >
          <option value="all">All followed pre-alerts</option>
          <option value="waiting">Delivered to us, not received</option>
        </Select>
      </Field>
      {list.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : list.isError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {errorMessage(list.error, 'The carrier tracking could not be loaded.')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : list.data.data.length === 0 ? (
        <EmptyState title={show === 'waiting' ? 'Nothing waiting' : 'No parcels followed yet'}>
          {show === 'waiting'
            ? 'Every parcel the carriers delivered to the warehouse has been received.'
            : 'Pre-alerted tracking numbers are followed with the carrier; their scans show here.'}
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4" aria-label="Followed pre-alerts">
            {list.data.data.map((t) => (
              <Row key={t.id} tracking={t} opened={opened === t.id} onToggle={() => setOpened(opened === t.id ? null : t.id)} />
            ))}
          </ul>
          {pages > 1 && (
            <div className="flex items-center justify-end gap-2 text-sm text-slate-600">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
