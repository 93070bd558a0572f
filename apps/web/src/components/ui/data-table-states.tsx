import { AlertTriangle, RotateCw, SearchX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { type EmptyAction, EmptyState } from './empty-state';
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
            <td key={c} className="px-4 py-2.5">
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

/** A page's empty list, in a few words: what the list is for and its first action. */
export interface EmptyProps {
  /** What the list is for, when it has nothing yet ("Packages you pre-alert show here..."). */
  description: ReactNode;
  /** The first thing to do, when the person may do it ("Pre-alert your first package"). */
  action?: EmptyAction;
  /** Filters the page keeps outside the table (a courier, a date range) narrow the list. */
  filtered?: boolean;
  /** Clears those outside filters too, with the table's search and filters. */
  onClearFilters?: () => void;
}

/**
 * No rows. With nothing searched or filtered: 'No data available', what the list is
 * for and the first action. When a search or filters hide every row: says so and offers to clear them.
 */
export function TableEmpty({ searching, empty, onClear }: { searching: boolean; empty?: EmptyProps; onClear: () => void }) {
  if (searching || empty?.filtered) {
    return (
      <EmptyState
        framed={false}
        icon={SearchX}
        title="No results found for your search"
        action={{ label: 'Clear filters', icon: X, variant: 'secondary', onClick: onClear }}
      >
        Nothing matches the search or filters in use.
      </EmptyState>
    );
  }
  return (
    <EmptyState framed={false} title="No data available" action={empty?.action}>
      {empty?.description}
    </EmptyState>
  );
}
