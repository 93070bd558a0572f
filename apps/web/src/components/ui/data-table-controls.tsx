import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@courier/shared/constants/limits';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Input, Label } from './input';
import { Select } from './select';
import type { DataTableColumn } from './data-table';

const FILTER_EXCLUDED = new Set(['actions', 'select', 'createdAt', 'date']);
const NUMERIC_FILTERS = new Set(['total', 'amount']);

/** Whether a column takes part in the Filters panel (actions, select, createdAt and dates do not). */
export function isFilterableColumn(column: Pick<DataTableColumn<unknown>, 'field' | 'filterable'>): boolean {
  if (column.filterable === false) return false;
  return !FILTER_EXCLUDED.has(column.field) && !/date/i.test(column.field);
}

/**
 * The page buttons: every page when there are 7 or fewer, otherwise the first, the last and the
 * current page with one neighbour each side, gaps shown as 'ellipsis'. Compact (a phone's card
 * layout, where eleven buttons are wider than the screen): every page up to 5, otherwise the
 * first, the current and the last.
 */
export function pageWindow(current: number, pageCount: number, compact = false): Array<number | 'ellipsis'> {
  if (pageCount <= (compact ? 5 : 7)) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const near = compact ? [current] : [current - 1, current, current + 1];
  const pages = new Set([1, pageCount, ...near].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'ellipsis'> = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push('ellipsis');
    out.push(p);
  }
  return out;
}

export function fieldValue(row: unknown, field: string): unknown {
  if (row && typeof row === 'object') return (row as Record<string, unknown>)[field];
  return undefined;
}

function distinctValues<T>(data: T[], field: string): string[] {
  const values = new Set<string>();
  for (const row of data) {
    const v = fieldValue(row, field);
    if (v !== null && v !== undefined && v !== '' && typeof v !== 'object') values.add(String(v));
  }
  return [...values].sort();
}

/** The search box: types freely, tells the parent only after 300 ms of quiet. */
export function DebouncedSearch({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lastSent = useRef(value);
  useEffect(() => {
    // The parent may clear the search (e.g. a reset); show what it holds.
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onChangeRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="relative w-full sm:max-w-xs">
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className="pl-9"
      />
    </div>
  );
}

export function FiltersPanel<T>({
  columns,
  data,
  applied,
  onApply,
  onClear,
}: {
  columns: Array<DataTableColumn<T>>;
  data: T[];
  applied: Record<string, string>;
  onApply: (filters: Record<string, string>) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState<Record<string, string>>(applied);
  const baseId = useId();
  useEffect(() => setDraft(applied), [applied]);
  const filterable = columns.filter(isFilterableColumn);
  if (filterable.length === 0) return null;
  return (
    <form
      className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));
      }}
      aria-label="Filters"
    >
      {filterable.map((column) => {
        const id = `${baseId}-${column.field}`;
        const value = draft[column.field] ?? '';
        const set = (v: string) => setDraft((d) => ({ ...d, [column.field]: v }));
        const options = column.filterOptions ?? distinctValues(data, column.field).map((v) => ({ value: v, label: v }));
        let control: ReactNode;
        if (NUMERIC_FILTERS.has(column.field)) {
          control = <Input id={id} type="number" step="0.01" value={value} onChange={(e) => set(e.target.value)} />;
        } else if (options.length >= 2 && options.length <= 20) {
          control = (
            <Select id={id} value={value} onChange={(e) => set(e.target.value)}>
              <option value="">All</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          );
        } else {
          control = <Input id={id} type="text" value={value} onChange={(e) => set(e.target.value)} />;
        }
        return (
          <div key={column.field}>
            <Label htmlFor={id}>{column.label}</Label>
            {control}
          </div>
        );
      })}
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply Filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft({});
            onClear();
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

/** The paging footer: "Showing a to b of n results", Per page and the page buttons. */
export function TableFooter({
  page,
  pageSize,
  total,
  totalCapped,
  onPageChange,
  onPageSizeChange,
  compact = false,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** The card layout's narrow box: fewer page buttons (see pageWindow). */
  compact?: boolean;
  /** The table's name: its page buttons are "Pages of <name>", one landmark apart from another table's. */
  label: string;
}) {
  const perPageId = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const props = { onPageChange, onPageSizeChange };
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-600 lg:flex-row lg:items-center lg:justify-between">
      <p aria-live="polite">{`Showing ${from} to ${to} of ${total}${totalCapped ? '+' : ''} results`}</p>
      {/* Nothing to page through: the count alone (the empty state above says what to do). */}
      {total > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <label htmlFor={perPageId}>Per page</label>
            <Select id={perPageId} className="h-8 w-24" value={pageSize} onChange={(e) => props.onPageSizeChange(Number(e.target.value))}>
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </div>
          {/* The buttons wrap rather than widen the page on the narrowest screens. */}
          <nav aria-label={`Pages of ${label}`} className="flex flex-wrap items-center gap-1">
            <PageButton label="First page" disabled={page <= 1} onClick={() => props.onPageChange(1)}>
              <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
            </PageButton>
            <PageButton label="Previous page" disabled={page <= 1} onClick={() => props.onPageChange(page - 1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </PageButton>
            {pageWindow(page, pageCount, compact).map((p, i) =>
              p === 'ellipsis' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
                <span key={`gap-${i}`} className="px-1" aria-hidden="true">
                  …
                </span>
              ) : (
                <PageButton key={p} label={`Page ${p}`} current={p === page} onClick={() => props.onPageChange(p)}>
                  {p}
                </PageButton>
              ),
            )}
            <PageButton label="Next page" disabled={page >= pageCount} onClick={() => props.onPageChange(page + 1)}>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </PageButton>
            <PageButton label="Last page" disabled={page >= pageCount} onClick={() => props.onPageChange(pageCount)}>
              <ChevronsRight className="h-4 w-4" aria-hidden="true" />
            </PageButton>
          </nav>
        </div>
      )}
    </div>
  );
}

function PageButton({
  label,
  current,
  disabled,
  onClick,
  children,
}: {
  label: string;
  current?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm disabled:cursor-not-allowed disabled:opacity-40',
        current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}
