import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { softBreaks } from '@/lib/soft-breaks';

export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {back && (
          <Link to={back.to} className="text-sm text-brand-700 hover:underline">
            ← {back.label}
          </Link>
        )}
        <h1 className="mt-1 truncate text-2xl font-semibold text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A read-only list of labelled values (detail pages). */
export function DetailList({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-1 text-sm break-words text-slate-900">
            {value === null || value === undefined || value === '' ? '—' : typeof value === 'string' ? softBreaks(value) : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ActiveBadge({ active, labels = ['Active', 'Inactive'] }: { active: boolean; labels?: [string, string] }) {
  return (
    <span
      className={
        active
          ? 'inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800'
          : 'inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-700'
      }
    >
      {active ? labels[0] : labels[1]}
    </span>
  );
}

export function PageError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {message}
    </div>
  );
}
