import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { newestFirst } from '@courier/shared/domain/timeline';
import type { PackageEvent } from '@courier/shared/schemas/packages';
import { useDateFormat } from '@/lib/format-date';

/**
 * Every step of a package, newest first; customers see the same steps (without staff names).
 * `zone`: the package's courier's, when the screen may show packages of several couriers.
 */
export function PackageTimeline({ events, showPeople = true, zone }: { events: PackageEvent[]; showPeople?: boolean; zone?: string }) {
  const dates = useDateFormat();
  if (events.length === 0) return <p className="text-sm text-slate-500">No events yet.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label="Package timeline">
      {newestFirst(events, (e) => e.createdAt).map((e) => (
        <li key={e.id} className="relative">
          <span className="absolute top-1.5 -left-[27px] size-3 rounded-full border-2 border-white bg-brand-700" aria-hidden />
          <p className="text-sm font-semibold text-slate-900">{PACKAGE_STATUS_LABELS[e.status]}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={e.createdAt}>{dates.dateTime(e.createdAt, zone)}</time>
            {e.branchName ? ` · ${e.branchName}` : ''}
            {showPeople && e.userName ? ` · ${e.userName}` : ''}
          </p>
          {e.note ? <p className="mt-0.5 text-sm text-slate-700">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
