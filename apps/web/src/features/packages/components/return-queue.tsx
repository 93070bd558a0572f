import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@courier/shared/domain/datetime';
import { formatMoney } from '@courier/shared/format/money';
import { LEAVING_LABELS, type ReturnQueueRow } from '@courier/shared/schemas/return-requests';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useReturnQueue } from '../api/return-request';
import { RecordDone, doneText } from './return-request-staff';

function QueueItem({
  row,
  packagesPath,
  opened,
  onToggle,
}: {
  row: ReturnQueueRow;
  packagesPath: string;
  opened: boolean;
  onToggle: () => void;
}) {
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-medium text-slate-900">
            <Link className="text-brand-700 underline underline-offset-2" to={`${packagesPath}?package=${row.packageId}`}>
              {row.packageNumber}
            </Link>{' '}
            · {row.trackingNumber}
          </p>
          <p className="text-slate-600">
            {row.customerName} ({row.mailboxNumber}) · asked {formatDateTime(row.requestedAt, row.timeZone)} · {row.feeName}{' '}
            {formatMoney(row.feeCents)}
          </p>
          {row.note && <p className="break-words text-slate-600">Instructions: {row.note}</p>}
          {row.status === 'done' && <p className="text-slate-600">{doneText({ ...row, invoiceNo: row.invoiceNo }, row.timeZone)}</p>}
          {row.status === 'open' && row.manifestNumber && (
            <p className="text-red-700">On manifest {row.manifestNumber}: take it off the manifest first.</p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={row.kind === 'discard' ? 'red' : 'yellow'}>{LEAVING_LABELS[row.kind]}</Badge>
          {row.status === 'open' && (
            <Button size="sm" variant="secondary" aria-expanded={opened} onClick={onToggle}>
              {opened ? 'Close' : 'Record what was done'}
            </Button>
          )}
        </div>
      </div>
      {opened && row.status === 'open' && <RecordDone packageId={row.packageId} request={row} />}
    </li>
  );
}

/** The courier's returns and discards customers asked for: open ones to act on, done ones for the record. */
export function ReturnQueue({ packagesPath }: { packagesPath: string }) {
  const [status, setStatus] = useState<'open' | 'done'>('open');
  const [opened, setOpened] = useState<number | null>(null);
  const queue = useReturnQueue(status);
  return (
    <div className="space-y-4">
      <Field label="Show" className="max-w-xs">
        <Select value={status} onChange={(e) => setStatus(e.target.value as 'open' | 'done')}>
          <option value="open">To do</option>
          <option value="done">Done</option>
        </Select>
      </Field>
      {queue.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : queue.isError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {errorMessage(queue.error, 'The requests could not be loaded.')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void queue.refetch()}>
            Try again
          </button>
        </div>
      ) : queue.data.length === 0 ? (
        <EmptyState title={status === 'open' ? 'No return or discard waiting' : 'Nothing done yet'} />
      ) : (
        <ul aria-label="Return and discard requests" className="divide-y divide-slate-100 rounded-md border border-slate-200 px-3">
          {queue.data.map((row) => (
            <QueueItem
              key={row.id}
              row={row}
              packagesPath={packagesPath}
              opened={opened === row.id}
              onToggle={() => setOpened(opened === row.id ? null : row.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
