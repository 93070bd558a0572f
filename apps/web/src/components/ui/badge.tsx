import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The colour classes of each tone (a status's tone comes from `@courier/shared/format/status`). */
export const BADGE_TONES = {
  neutral: 'bg-slate-100 text-slate-700',
  yellow: 'bg-yellow-100 text-yellow-800',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  brand: 'bg-brand-100 text-brand-800',
  /** Waiting on the reader: the strong one. */
  action: 'bg-status-action-bg text-status-action-fg font-semibold',
  /** Finished: quiet, with a thin border so it still reads as a badge. */
  done: 'bg-status-done-bg text-status-done-fg ring-1 ring-inset ring-slate-200',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', BADGE_TONES[tone], className)}
      {...props}
    />
  );
}

/** Counts capped at 99+ and 9+; nothing when zero. */
export function CountBadge({ count, cap, className }: { count: number; cap: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white',
        className,
      )}
    >
      {count > cap ? `${cap}+` : count}
    </span>
  );
}
