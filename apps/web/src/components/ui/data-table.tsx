import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Filter, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@courier/shared/constants/limits';
import { cn } from '@/lib/cn';
import { ScrollRegion } from './scroll-region';
import { Button } from './button';
import { Input, Label } from './input';
import { Select } from './select';
import { Spinner } from './spinner';

/** A column as part 2 §2.9 defines it: field, label, sortable, render, wrap. */
export interface DataTableColumn<T> {
  field: string;
  label: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** Let long text wrap instead of staying on one line. */
  wrap?: boolean;
  /** Width in px (default 150, minimum 20; part 2 §9). */
  width?: number;
  /** Known values for the Filters panel (e.g. statuses); used instead of the loaded rows' values. */
  filterOptions?: Array<{ value: string; label: string }>;
  /** false keeps a column out of the Filters panel. */
  filterable?: boolean;
}

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  columns: Array<DataTableColumn<T>>;
  data: T[];
  /** Rows matching the search and filters on the server, for the footer and the page count. */
  total: number;
  /** The server stopped counting at `total` (a very large list): the footer shows "total+". */
  totalCapped?: boolean;
  loading?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  search: string;
  onSearchChange: (search: string) => void;
  searchPlaceholder?: string;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  filters: Record<string, string>;
  onFiltersChange: (filters: Record<string, string>) => void;
  /** Per-row action buttons, shown in the last column. */
  actions?: (row: T) => ReactNode;
  getRowId: (row: T) => string | number;
  /** Accessible name of the table. */
  label: string;
  /** Controls placed beside the search box (e.g. a "New branch" button). */
  toolbar?: ReactNode;
}

export const DEFAULT_COLUMN_WIDTH = 150;
export const MIN_COLUMN_WIDTH = 20;
/** Room for three icon buttons. */
const ACTIONS_COLUMN_WIDTH = 170;
const FILTER_EXCLUDED = new Set(['actions', 'select', 'createdAt', 'date']);
const NUMERIC_FILTERS = new Set(['total', 'amount']);

/** Whether a column takes part in the Filters panel (part 2 §5: actions, select, createdAt and dates do not). */
export function isFilterableColumn(column: Pick<DataTableColumn<unknown>, 'field' | 'filterable'>): boolean {
  if (column.filterable === false) return false;
  return !FILTER_EXCLUDED.has(column.field) && !/date/i.test(column.field);
}

/**
 * The page buttons: every page when there are 7 or fewer, otherwise the first, the last and the
 * current page with one neighbour each side, gaps shown as 'ellipsis'.
 */
export function pageWindow(current: number, pageCount: number): Array<number | 'ellipsis'> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set([1, pageCount, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'ellipsis'> = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push('ellipsis');
    out.push(p);
  }
  return out;
}

function fieldValue(row: unknown, field: string): unknown {
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
function DebouncedSearch({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
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

function FiltersPanel<T>({
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

/**
 * The shared data table of part 2 §2.9: debounced search, Filters panel, sortable columns,
 * per-row actions, spinner, empty states, and the paging footer. Paging, search, sort and filters
 * are the parent's state and run on the server; the table only renders and reports changes.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, data, total, loading, page, pageSize, sort, filters, actions, getRowId, label } = props;
  const [showFilters, setShowFilters] = useState(false);
  const perPageId = useId();

  const columnDefs = useMemo<Array<ColumnDef<T>>>(() => {
    const defs: Array<ColumnDef<T>> = columns.map((c) => ({
      id: c.field,
      header: c.label,
      size: Math.max(c.width ?? DEFAULT_COLUMN_WIDTH, MIN_COLUMN_WIDTH),
      cell: (ctx) => {
        const row = ctx.row.original;
        if (c.render) return c.render(row);
        const v = fieldValue(row, c.field);
        return v === null || v === undefined || v === '' ? '—' : String(v);
      },
    }));
    if (actions) {
      defs.push({ id: 'actions', header: 'Actions', size: ACTIONS_COLUMN_WIDTH, cell: (ctx) => actions(ctx.row.original) });
    }
    return defs;
  }, [columns, actions]);

  const table = useReactTable({
    data,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(getRowId(row)),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    defaultColumn: { size: DEFAULT_COLUMN_WIDTH, minSize: MIN_COLUMN_WIDTH },
  });

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const activeFilterCount = Object.keys(filters).length;
  const searching = props.search.trim() !== '' || activeFilterCount > 0;
  const byField = new Map(columns.map((c) => [c.field, c]));

  const toggleSort = (field: string) => {
    if (sort?.field !== field) props.onSortChange({ field, order: 'asc' });
    else if (sort.order === 'asc') props.onSortChange({ field, order: 'desc' });
    else props.onSortChange(null);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex w-full flex-1 items-center gap-2">
          <DebouncedSearch value={props.search} onChange={props.onSearchChange} placeholder={props.searchPlaceholder ?? 'Search...'} />
          {columns.some(isFilterableColumn) && (
            <Button variant="secondary" onClick={() => setShowFilters((s) => !s)} aria-expanded={showFilters}>
              <Filter className="h-4 w-4" aria-hidden="true" />
              Filters
              {activeFilterCount > 0 && <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{activeFilterCount}</span>}
            </Button>
          )}
        </div>
        {props.toolbar && <div className="flex shrink-0 gap-2">{props.toolbar}</div>}
      </div>

      {showFilters && (
        <FiltersPanel
          columns={columns}
          data={data}
          applied={filters}
          onApply={(f) => props.onFiltersChange(f)}
          onClear={() => props.onFiltersChange({})}
        />
      )}

      <ScrollRegion label={label} className="relative rounded-lg border border-slate-200 bg-white">
        <table
          className="w-full table-fixed border-collapse text-sm"
          // Columns keep their widths; a narrow screen scrolls the table sideways instead of squeezing it.
          style={{ minWidth: table.getTotalSize() }}
          aria-label={label}
          aria-busy={loading || undefined}
        >
          <colgroup>
            {table.getVisibleLeafColumns().map((column) => (
              <col key={column.id} style={{ width: column.getSize(), minWidth: MIN_COLUMN_WIDTH }} />
            ))}
          </colgroup>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byField.get(header.column.id);
                  const sorted = sort?.field === header.column.id ? sort.order : null;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="border-b border-slate-200 px-4 py-3"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {column?.sortable ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={() => toggleSort(header.column.id)}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="h-3.5 w-3.5 opacity-50" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                {row.getVisibleCells().map((cell) => {
                  const wrap = byField.get(cell.column.id)?.wrap;
                  return (
                    <td
                      key={cell.id}
                      className={cn(
                        'px-4 py-3 align-top text-slate-800',
                        // Action buttons must never be clipped; text cells truncate unless told to wrap.
                        cell.column.id === 'actions'
                          ? 'whitespace-nowrap'
                          : wrap
                            ? 'break-words whitespace-normal'
                            : 'truncate whitespace-nowrap',
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/60">
            <Spinner className="h-8 w-8 text-brand-700" />
          </div>
        )}
        {!loading && data.length === 0 && (
          <p className="px-4 py-10 text-center text-sm text-slate-600">
            {searching ? 'No results found for your search' : 'No data available'}
          </p>
        )}
      </ScrollRegion>

      <div className="flex flex-col gap-3 text-sm text-slate-600 lg:flex-row lg:items-center lg:justify-between">
        <p aria-live="polite">{`Showing ${from} to ${to} of ${total}${props.totalCapped ? '+' : ''} results`}</p>
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
          <nav aria-label="Pagination" className="flex items-center gap-1">
            <PageButton label="First page" disabled={page <= 1} onClick={() => props.onPageChange(1)}>
              <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
            </PageButton>
            <PageButton label="Previous page" disabled={page <= 1} onClick={() => props.onPageChange(page - 1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </PageButton>
            {pageWindow(page, pageCount).map((p, i) =>
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
      </div>
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

/** The list state a page hands to DataTable and to its query; changing size, search or filters goes back to page 1. */
export interface ListState {
  page: number;
  limit: number;
  search: string;
  sort: SortState | null;
  filters: Record<string, string>;
}

export function useListState(initial: Partial<ListState> = {}) {
  const [state, setState] = useState<ListState>({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    search: '',
    sort: null,
    filters: {},
    ...initial,
  });
  return {
    state,
    /** The query string of `listQuerySchema`. */
    query: {
      page: state.page,
      limit: state.limit,
      search: state.search || undefined,
      sort: state.sort?.field,
      order: state.sort?.order,
      filters: Object.keys(state.filters).length > 0 ? JSON.stringify(state.filters) : undefined,
    },
    /** Props for DataTable's controlled state. */
    tableProps: {
      page: state.page,
      pageSize: state.limit,
      search: state.search,
      sort: state.sort,
      filters: state.filters,
      onPageChange: (page: number) => setState((s) => ({ ...s, page })),
      onPageSizeChange: (limit: number) => setState((s) => ({ ...s, limit, page: 1 })),
      onSearchChange: (search: string) => setState((s) => ({ ...s, search, page: 1 })),
      onSortChange: (sort: SortState | null) => setState((s) => ({ ...s, sort, page: 1 })),
      onFiltersChange: (filters: Record<string, string>) => setState((s) => ({ ...s, filters, page: 1 })),
    },
  };
}
