import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type ListState, isFilterableColumn, pageWindow, useListState } from './data-table';

interface Row {
  id: number;
  name: string;
  status: string;
  total: number;
  createdAt: string;
}

const columns: Array<DataTableColumn<Row>> = [
  { field: 'name', label: 'Name', sortable: true },
  { field: 'status', label: 'Status' },
  { field: 'total', label: 'Total' },
  { field: 'createdAt', label: 'Created At' },
];

const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  name: `Row ${i + 1}`,
  status: i % 2 ? 'active' : 'inactive',
  total: i * 10,
  createdAt: '2026-01-01',
}));

/** A parent like the real pages: list state from useListState, rows from a fake server. */
function Harness({ total, data = rows, onState }: { total: number; data?: Row[]; onState: (s: ListState) => void }) {
  const list = useListState();
  onState(list.state);
  return <DataTable label="Things" columns={columns} data={data} total={total} getRowId={(r) => r.id} {...list.tableProps} />;
}

afterEach(() => vi.useRealTimers());

describe('pageWindow', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(3, 1)).toEqual([1]);
  });
  it('shows one neighbour each side of the current page, plus first and last', () => {
    expect(pageWindow(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });
  it('keeps a phone to five page buttons: every page up to 5, else first, current and last', () => {
    expect(pageWindow(1, 5, true)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 6, true)).toEqual([1, 'ellipsis', 6]);
    expect(pageWindow(4, 7, true)).toEqual([1, 'ellipsis', 4, 'ellipsis', 7]);
    expect(pageWindow(2, 7, true)).toEqual([1, 2, 'ellipsis', 7]);
    expect(pageWindow(7, 7, true)).toEqual([1, 'ellipsis', 7]);
  });
});

describe('isFilterableColumn', () => {
  it('leaves out actions, select, createdAt and date columns', () => {
    for (const field of ['actions', 'select', 'createdAt', 'date', 'dueDate']) expect(isFilterableColumn({ field })).toBe(false);
    expect(isFilterableColumn({ field: 'status' })).toBe(true);
    expect(isFilterableColumn({ field: 'status', filterable: false })).toBe(false);
  });
});

describe('DataTable', () => {
  it('marks a total the server stopped counting at with a plus', () => {
    const noop = () => {};
    render(
      <DataTable
        label="Packages"
        columns={columns}
        data={rows}
        total={1000}
        totalCapped
        getRowId={(r) => r.id}
        page={1}
        pageSize={10}
        onPageChange={noop}
        onPageSizeChange={noop}
        search=""
        onSearchChange={noop}
        sort={null}
        onSortChange={noop}
        filters={{}}
        onFiltersChange={noop}
      />,
    );
    expect(screen.getByText('Showing 1 to 10 of 1000+ results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 100' })).toBeInTheDocument();
  });

  it('shows the footer, numbered pages and moves between pages', async () => {
    let state: ListState | undefined;
    render(<Harness total={95} onState={(s) => (state = s)} />);
    expect(screen.getByText('Showing 1 to 10 of 95 results')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pages of Things' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 5' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(state?.page).toBe(2);
    expect(screen.getByText('Showing 11 to 20 of 95 results')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Last page' }));
    expect(state?.page).toBe(10);
    expect(screen.getByText('Showing 91 to 95 of 95 results')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: 'First page' }));
    expect(state?.page).toBe(1);
  });

  it('goes back to page 1 when the page size changes', async () => {
    let state: ListState | undefined;
    render(<Harness total={95} onState={(s) => (state = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(state?.page).toBe(2);
    const perPage = screen.getByLabelText('Per page');
    expect([...(perPage as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    await userEvent.selectOptions(perPage, '25');
    expect(state).toMatchObject({ page: 1, limit: 25 });
  });

  it('sends the search only after 300 ms of quiet', async () => {
    vi.useFakeTimers();
    let state: ListState | undefined;
    render(<Harness total={95} onState={(s) => (state = s)} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'ki' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'kim' } });
    act(() => vi.advanceTimersByTime(299));
    expect(state?.search).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(state?.search).toBe('kim');
    expect(state?.page).toBe(1);
  });

  it('builds the Filters panel from the filterable columns, applies and clears, back to page 1', async () => {
    let state: ListState | undefined;
    render(<Harness total={95} onState={(s) => (state = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    // Two distinct statuses: a dropdown. Ten distinct names: still a dropdown (2 to 20).
    expect(within(panel).getByLabelText('Status').tagName).toBe('SELECT');
    const total = within(panel).getByLabelText('Total');
    expect(total).toHaveAttribute('type', 'number');
    expect(total).toHaveAttribute('step', '0.01');
    expect(within(panel).queryByLabelText('Created At')).not.toBeInTheDocument();

    await userEvent.selectOptions(within(panel).getByLabelText('Status'), 'active');
    await userEvent.type(total, '12.5');
    expect(state?.filters).toEqual({});
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(state).toMatchObject({ page: 1, filters: { status: 'active', total: '12.5' } });

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(state).toMatchObject({ page: 1, filters: {} });
  });

  it('uses a text input when a column has more than 20 distinct values, or one', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ ...rows[0], id: i, name: `N${i}`, status: 'active' }) as Row);
    render(<Harness total={21} data={many} onState={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    expect(within(panel).getByLabelText('Name').tagName).toBe('INPUT');
    expect(within(panel).getByLabelText('Status').tagName).toBe('INPUT');
  });

  it('cycles the sort on a sortable header', async () => {
    let state: ListState | undefined;
    render(<Harness total={10} onState={(s) => (state = s)} />);
    const header = screen.getByRole('button', { name: 'Name' });
    await userEvent.click(header);
    expect(state?.sort).toEqual({ field: 'name', order: 'asc' });
    await userEvent.click(header);
    expect(state?.sort).toEqual({ field: 'name', order: 'desc' });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.queryByRole('button', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('shows the two empty states, the spinner and per-row actions', () => {
    const base = {
      label: 'Things',
      columns,
      getRowId: (r: Row) => r.id,
      page: 1,
      pageSize: 10,
      onPageChange: () => {},
      onPageSizeChange: () => {},
      onSearchChange: () => {},
      sort: null,
      onSortChange: () => {},
      onFiltersChange: () => {},
    };
    const { rerender } = render(<DataTable {...base} data={[]} total={0} search="" filters={{}} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
    rerender(<DataTable {...base} data={[]} total={0} search="zzz" filters={{}} />);
    expect(screen.getByText('No results found for your search')).toBeInTheDocument();
    rerender(<DataTable {...base} data={[]} total={0} search="" filters={{ status: 'active' }} />);
    expect(screen.getByText('No results found for your search')).toBeInTheDocument();
    rerender(<DataTable {...base} data={[]} total={0} search="" filters={{}} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    rerender(
      <DataTable
        {...base}
        data={rows.slice(0, 2)}
        total={2}
        search=""
        filters={{}}
        actions={(r) => <button type="button">Edit {r.name}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit Row 1' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });
});
