import { ArrowDown, ArrowUp, ArrowUpDown, ChevronRight, Download, Filter } from 'lucide-react';
import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { CardSort, DetailList, TableCards } from './data-table-cards';
import { DebouncedSearch, FiltersPanel, TableFooter, fieldValue, isFilterableColumn } from './data-table-controls';
import { ACTIONS_COLUMN_WIDTH, CARD_BREAKPOINT, DEFAULT_PRIORITY, foldColumns, useContainerWidth } from './data-table-layout';
import { type EmptyProps, LoadingStatus, SkeletonCards, SkeletonRows, TableEmpty, TableError } from './data-table-states';
import { ROW_LINK_CURSOR, openRowLink } from './row-link';
import { ScrollRegion } from './scroll-region';
import { Spinner } from './spinner';
import { softBreaks } from '@/lib/soft-breaks';

export { isFilterableColumn, pageWindow } from './data-table-controls';
export { CARD_BREAKPOINT, DEFAULT_COLUMN_WIDTH, MIN_COLUMN_WIDTH, foldColumns } from './data-table-layout';
export { type ListState, useListState } from './use-list-state';

/** A column it: field, label, sortable, render, wrap; plus how it folds. */
export interface DataTableColumn<T> {
  field: string;
  label: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** Let long text wrap (the default now: nothing is cut off); kept for the pages that say so. */
  wrap?: boolean;
  /** Keep the cell on one line (badges, amounts, numbers). */
  nowrap?: boolean;
  /** The width the column needs in px (default 130), used to decide what fits. */
  width?: number;
  /**
   * 1: always visible (what names the row, its status); 2 (default): important; 3 and higher fold
   * first into the row's details when the table is narrower than its columns.
   */
  priority?: number;
  /** The card layout's title or status (default: the first column, and the `status` field). */
  card?: 'title' | 'status';
  /** Known values for the Filters panel (e.g. statuses); used instead of the loaded rows' values. */
  filterOptions?: Array<{ value: string; label: string }>;
  /** false keeps a column out of the Filters panel. */
  filterable?: boolean;
}

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

type QueryValue = string | number | boolean | undefined | null;

export interface DataTableProps<T> {
  columns: Array<DataTableColumn<T>>;
  data: T[];
  /** Rows matching the search and filters on the server, for the footer and the page count. */
  total: number;
  /** The server stopped counting at `total` (a very large list): the footer shows "total+". */
  totalCapped?: boolean;
  loading?: boolean;
  /** Why the list failed to load, in plain words: shown with a Retry instead of the rows. */
  error?: string | null;
  onRetry?: () => void;
  /** The empty list: what it is for and the first action; with a search or filters, a Clear filters. */
  empty?: EmptyProps;
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
  /** Per-row action buttons, shown in the last column (kept in view) or at the foot of a card. */
  actions?: (row: T) => ReactNode;
  /** Room the actions need in px (default 170). */
  actionsWidth?: number;
  getRowId: (row: T) => string | number;
  /** Accessible name of the table. */
  label: string;
  /** Controls placed beside the search box (e.g. a "New branch" button). */
  toolbar?: ReactNode;
  /** The list's endpoint (e.g. "/packages"): shows "Export CSV" of every row the list matches. */
  exportPath?: string;
  /** Other query parameters of the list (courierId, date range) for the export. */
  exportQuery?: Record<string, QueryValue>;
}

function exportUrl(path: string, props: DataTableProps<never>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(props.exportQuery ?? {})) {
    if (v !== undefined && v !== null && v !== '' && !['page', 'limit'].includes(k)) params.set(k, String(v));
  }
  if (props.search.trim()) params.set('search', props.search.trim());
  else params.delete('search');
  if (props.sort) {
    params.set('sort', props.sort.field);
    params.set('order', props.sort.order);
  }
  if (Object.keys(props.filters).length > 0) params.set('filters', JSON.stringify(props.filters));
  else params.delete('filters');
  params.set('format', 'csv');
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}

function ExportButton({ path, props }: { path: string; props: DataTableProps<never> }) {
  const [busy, setBusy] = useState(false);
  const name = `${props.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${new Date().toISOString().slice(0, 10)}.csv`;
  return (
    <Button
      variant="secondary"
      busy={busy}
      onClick={() => {
        setBusy(true);
        downloadFile(exportUrl(path, props), name)
          .catch((e) => toast.error(errorMessage(e, 'Could not export the list')))
          .finally(() => setBusy(false));
      }}
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      Export CSV
    </Button>
  );
}

/**
 * The shared data table: debounced search, Filters panel, sortable columns,
 * per-row actions, loading, empty and error states, the paging footer and Export CSV. Paging,
 * search, sort and filters are the parent's state and run on the server.
 *
 * It fits its box: the box is measured, columns that do not fit fold by priority into
 * an expandable row detail, the Actions column stays in view at the right, badges never wrap or
 * cut; under 640 px each row is a card with its title, status and actions. Rows are about 40 px,
 * headers in sentence case; a click on a row opens its item (the action marked `data-row-open`,
 * else its first link to our pages: row-link.ts).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, data, total, loading, error, sort, filters, actions, getRowId, label } = props;
  const [showFilters, setShowFilters] = useState(false);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const boxRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const width = useContainerWidth(boxRef);
  const cards = width > 0 && width < CARD_BREAKPOINT;

  // Folds beyond the estimate when the drawn table still came out wider than its box.
  const fitKey = `${width}|${columns.map((c) => c.field).join(',')}`;
  const [extra, setExtra] = useState({ key: fitKey, folds: 0 });
  const extraFolds = extra.key === fitKey ? extra.folds : 0;
  const actionsWidth = actions ? (props.actionsWidth ?? ACTIONS_COLUMN_WIDTH) : 0;
  const folded = new Set(cards ? [] : foldColumns(columns, width - 2, actionsWidth, extraFolds));
  const visible = columns.filter((c) => !folded.has(c.field));
  const hidden = columns.filter((c) => folded.has(c.field));
  const canFoldMore = visible.some((c) => (c.priority ?? DEFAULT_PRIORITY) > 1);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    if (cards || width <= 0 || !box || !table || !canFoldMore) return;
    if (table.offsetWidth > box.clientWidth + 1) setExtra({ key: fitKey, folds: extraFolds + 1 });
  });

  const activeFilterCount = Object.keys(filters).length;
  const searching = props.search.trim() !== '' || activeFilterCount > 0;
  const rows = data.map((original) => ({ id: String(getRowId(original)), original }));
  const titleField = (columns.find((c) => c.card === 'title') ?? columns.find((c) => c.field !== 'select' && c.field !== 'status'))?.field;
  const statusField = (columns.find((c) => c.card === 'status') ?? columns.find((c) => c.field === 'status'))?.field;

  const renderCell = (c: DataTableColumn<T>, row: T): ReactNode => {
    if (c.render) {
      const shown = c.render(row);
      return typeof shown === 'string' ? softBreaks(shown) : shown;
    }
    const v = fieldValue(row, c.field);
    return v === null || v === undefined || v === '' ? '—' : softBreaks(String(v));
  };

  const toggleSort = (field: string) => {
    if (sort?.field !== field) props.onSortChange({ field, order: 'asc' });
    else if (sort.order === 'asc') props.onSortChange({ field, order: 'desc' });
    else props.onSortChange(null);
  };
  const toggleRow = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columnCount = visible.length + (hidden.length > 0 ? 1 : 0) + (actions ? 1 : 0);
  const firstLoad = loading && data.length === 0;
  const stickyCell = 'sticky right-0 z-[1] whitespace-nowrap shadow-[-6px_0_6px_-6px_var(--shadow-edge)]';

  let body: ReactNode;
  if (error) {
    body = <TableError message={error} onRetry={props.onRetry} />;
  } else if (!loading && data.length === 0) {
    const clear = () => {
      props.onSearchChange('');
      props.onFiltersChange({});
      props.empty?.onClearFilters?.();
    };
    body = <TableEmpty searching={searching} empty={props.empty} onClear={clear} />;
  } else if (cards) {
    body = firstLoad ? (
      <SkeletonCards />
    ) : (
      <TableCards
        columns={columns}
        rows={rows}
        titleField={titleField}
        statusField={statusField}
        renderCell={renderCell}
        actions={actions}
        label={label}
      />
    );
  } else {
    body = (
      <ScrollRegion label={label}>
        <table ref={tableRef} className="num w-full border-collapse text-sm" aria-label={label} aria-busy={loading || undefined}>
          <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
            <tr>
              {hidden.length > 0 && (
                <th scope="col" className="w-11 border-b border-slate-200 px-2 py-2.5">
                  <span className="sr-only">Details</span>
                </th>
              )}
              {visible.map((column) => {
                const sorted = sort?.field === column.field ? sort.order : null;
                return (
                  <th
                    key={column.field}
                    scope="col"
                    className="border-b border-slate-200 px-4 py-2.5 whitespace-nowrap"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-slate-900"
                        onClick={() => toggleSort(column.field)}
                      >
                        {column.label}
                        {sorted === 'asc' ? (
                          <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                        ) : (
                          <ArrowUpDown className="h-3.5 w-3.5 opacity-50" aria-hidden="true" />
                        )}
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className={cn('border-b border-slate-200 bg-slate-50 px-4 py-2.5', stickyCell)} data-sticky="actions">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {firstLoad ? (
              <SkeletonRows columns={columnCount} />
            ) : (
              rows.map((row) => {
                const open = expanded.has(row.id);
                return (
                  <Fragment key={row.id}>
                    <tr
                      className={cn('group border-b border-slate-100 last:border-0 hover:bg-slate-50', ROW_LINK_CURSOR)}
                      onClick={openRowLink}
                    >
                      {hidden.length > 0 && (
                        <td className="px-2 py-1 align-top">
                          <button
                            type="button"
                            className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
                            aria-expanded={open}
                            aria-label={open ? 'Hide details' : 'Show details'}
                            onClick={() => toggleRow(row.id)}
                          >
                            <ChevronRight className={cn('h-4 w-4 transition-transform', open && 'rotate-90')} aria-hidden="true" />
                          </button>
                        </td>
                      )}
                      {visible.map((c) => (
                        <td
                          key={c.field}
                          className={cn(
                            'px-4 py-2.5 align-top text-slate-800 [&_.rounded-full]:whitespace-nowrap',
                            c.nowrap || c.field === statusField ? 'whitespace-nowrap' : 'break-words',
                          )}
                        >
                          {renderCell(c, row.original)}
                        </td>
                      ))}
                      {actions && (
                        <td
                          className={cn('bg-white px-4 py-1 align-top group-hover:bg-slate-50', stickyCell)}
                          data-sticky="actions"
                          data-row-actions
                        >
                          <div className="flex items-center gap-2">{actions(row.original)}</div>
                        </td>
                      )}
                    </tr>
                    {open && hidden.length > 0 && (
                      <tr className="border-b border-slate-100 bg-slate-50/60">
                        <td colSpan={columnCount} className="px-4 py-3 sm:pl-14">
                          <DetailList
                            columns={hidden}
                            row={row.original}
                            renderCell={renderCell}
                            className="sm:grid-cols-2 lg:grid-cols-3"
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </ScrollRegion>
    );
  }

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
        {(props.toolbar || (props.exportPath && total > 0)) && (
          <div className="flex shrink-0 flex-wrap gap-2">
            {props.toolbar}
            {props.exportPath && total > 0 && <ExportButton path={props.exportPath} props={props as unknown as DataTableProps<never>} />}
          </div>
        )}
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
      {cards && !error && data.length > 0 && <CardSort columns={columns} sort={sort} onSortChange={props.onSortChange} />}

      <div ref={boxRef} className="relative w-full overflow-hidden rounded-lg border border-slate-200 bg-white" data-table-box="">
        {body}
        {firstLoad && <LoadingStatus />}
        {loading && !firstLoad && !error && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/60">
            <Spinner className="h-8 w-8 text-brand-700" />
          </div>
        )}
      </div>

      {!error && (
        <TableFooter
          page={props.page}
          pageSize={props.pageSize}
          total={total}
          totalCapped={props.totalCapped}
          onPageChange={props.onPageChange}
          onPageSizeChange={props.onPageSizeChange}
          compact={cards}
          label={label}
        />
      )}
    </div>
  );
}
