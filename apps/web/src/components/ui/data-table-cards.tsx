import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import type { DataTableColumn, SortState } from './data-table';
import { DEFAULT_PRIORITY } from './data-table-layout';
import { ROW_LINK_CURSOR, openRowLink } from './row-link';
import { Select } from './select';

interface CardsProps<T> {
  columns: Array<DataTableColumn<T>>;
  rows: Array<{ id: string; original: T }>;
  titleField: string | undefined;
  statusField: string | undefined;
  renderCell: (column: DataTableColumn<T>, row: T) => ReactNode;
  actions?: (row: T) => ReactNode;
  label: string;
}

/** A detail list of columns: label and value, side by side. */
export function DetailList<T>({
  columns,
  row,
  renderCell,
  className,
}: {
  columns: Array<DataTableColumn<T>>;
  row: T;
  renderCell: (column: DataTableColumn<T>, row: T) => ReactNode;
  className?: string;
}) {
  return (
    <dl className={cn('num grid gap-x-6 gap-y-2 text-sm', className)}>
      {columns.map((c) => (
        <div key={c.field} className="min-w-0">
          <dt className="text-xs font-semibold text-slate-500">{c.label}</dt>
          <dd className="break-words text-slate-800 [&_.rounded-full]:whitespace-nowrap">{renderCell(c, row)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card<T>({ row, columns, titleField, statusField, renderCell, actions }: Omit<CardsProps<T>, 'rows' | 'label'> & { row: T }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const select = columns.find((c) => c.field === 'select');
  const title = columns.find((c) => c.field === titleField);
  const status = columns.find((c) => c.field === statusField);
  const rest = columns.filter((c) => c !== select && c !== title && c !== status);
  const shown = rest.filter((c) => (c.priority ?? DEFAULT_PRIORITY) <= DEFAULT_PRIORITY);
  const more = rest.filter((c) => !shown.includes(c));
  return (
    <li className={cn('space-y-3 p-4', ROW_LINK_CURSOR)} data-testid="table-card" onClick={openRowLink}>
      <div className="flex items-start gap-3">
        {select && <div className="pt-0.5">{renderCell(select, row)}</div>}
        <div className="min-w-0 flex-1 font-medium break-words text-slate-900">{title && renderCell(title, row)}</div>
        {status && (
          <div className="shrink-0 whitespace-nowrap [&_*]:whitespace-nowrap" data-testid="card-status">
            {renderCell(status, row)}
          </div>
        )}
      </div>
      {shown.length > 0 && <DetailList columns={shown} row={row} renderCell={renderCell} className="grid-cols-2" />}
      {more.length > 0 && (
        <div>
          <button
            type="button"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen((o) => !o)}
          >
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
            {open ? 'Fewer details' : 'More details'}
          </button>
          <div id={detailId}>{open && <DetailList columns={more} row={row} renderCell={renderCell} className="mt-2 grid-cols-2" />}</div>
        </div>
      )}
      {actions && (
        <div className="flex flex-wrap gap-2" data-row-actions>
          {actions(row)}
        </div>
      )}
    </li>
  );
}

/** Under 640 px: one card per row with its title, status and actions in view. */
export function TableCards<T>(props: CardsProps<T>) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={props.label}>
      {props.rows.map((r) => (
        <Card key={r.id} row={r.original} {...props} />
      ))}
    </ul>
  );
}

/** Sorting without column headers (the card layout). */
export function CardSort<T>({
  columns,
  sort,
  onSortChange,
}: {
  columns: Array<DataTableColumn<T>>;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
}) {
  const id = useId();
  const sortable = columns.filter((c) => c.sortable);
  if (sortable.length === 0) return null;
  const value = sort ? `${sort.field}:${sort.order}` : '';
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id}>Sort by</label>
      <Select
        id={id}
        className="h-9 flex-1"
        value={value}
        onChange={(e) => {
          const [field, order] = e.target.value.split(':');
          onSortChange(field ? { field, order: order === 'desc' ? 'desc' : 'asc' } : null);
        }}
      >
        <option value="">Default</option>
        {sortable.flatMap((c) => [
          <option key={`${c.field}:asc`} value={`${c.field}:asc`}>
            {`${c.label} (ascending)`}
          </option>,
          <option key={`${c.field}:desc`} value={`${c.field}:desc`}>
            {`${c.label} (descending)`}
          </option>,
        ])}
      </Select>
    </div>
  );
}
