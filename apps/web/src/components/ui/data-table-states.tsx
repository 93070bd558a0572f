import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Skeleton } from './skeleton';

/** Placeholder rows while the first page loads: the table's shape, not a blank box. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <tr key={r} className="border-b border-slate-100 last:border-0" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <td key={c} className="px-4 py-3">
              <Skeleton className="h-4 w-full max-w-32" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function SkeletonCards({ count = 4 }: { count?: number }) {
  return (
    <ul className="divide-y divide-slate-100">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={i} className="space-y-2 p-4" data-testid="skeleton-row">
          <div className="flex justify-between gap-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-3 w-48" />
          <Skeleton className="h-3 w-40" />
        </li>
      ))}
    </ul>
  );
}

export function LoadingStatus() {
  return (
    <span role="status" className="sr-only">
      Loading
    </span>
  );
}

/** A failed load: the reason in plain words and a Retry, never an empty table. */
export function TableError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <AlertTriangle className="h-8 w-8 text-red-600" aria-hidden="true" />
      <div>
        <p className="text-sm font-medium text-slate-900">This list could not be loaded</p>
        <p className="mt-1 text-sm text-slate-600">{message}</p>
      </div>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          <RotateCw className="h-4 w-4" aria-hidden="true" />
          Retry
        </Button>
      )}
    </div>
  );
}

export interface EmptyProps {
  /** What the list is for, when it has nothing yet ("Packages you pre-alert appear here"). */
  title?: string;
  description?: ReactNode;
  /** The first thing to do ("Pre-alert your first package"). */
  action?: ReactNode;
}

/** No rows: what the list is for and the first action; or that the search found nothing. */
export function TableEmpty({ searching, empty }: { searching: boolean; empty?: EmptyProps }) {
  if (searching) {
    return <p className="px-4 py-10 text-center text-sm text-slate-600">No results found for your search</p>;
  }
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <Inbox className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="text-sm font-medium text-slate-700">{empty?.title ?? 'No data available'}</p>
      {empty?.description && <div className="max-w-md text-sm text-slate-500">{empty.description}</div>}
      {empty?.action && <div className="mt-2">{empty.action}</div>}
    </div>
  );
}
