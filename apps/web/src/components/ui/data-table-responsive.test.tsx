import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps, foldColumns } from './data-table';

interface Row {
  id: number;
  packageNumber: string;
  status: string;
  customer: string;
  branch: string;
  manifest: string;
  weight: string;
}

const columns: Array<DataTableColumn<Row>> = [
  { field: 'packageNumber', label: 'Package', priority: 1, width: 130 },
  { field: 'status', label: 'Status', priority: 1, width: 170, render: (r) => <span className="rounded-full">{r.status}</span> },
  { field: 'customer', label: 'Customer', priority: 2, width: 200 },
  { field: 'branch', label: 'Branch', priority: 3, width: 150 },
  { field: 'manifest', label: 'Manifest', priority: 3, width: 150 },
  { field: 'weight', label: 'Weight (lb)', priority: 4, width: 100 },
];

const rows: Row[] = [1, 2].map((i) => ({
  id: i,
  packageNumber: `PKG-00000${i}`,
  status: 'Ready for Pickup',
  customer: `Customer ${i}`,
  branch: 'Kingston',
  manifest: `MAN-${i}`,
  weight: '2.50',
}));

/** jsdom lays nothing out: a ResizeObserver that reports the width the test chooses. */
let boxWidth = 1280;
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, contentRect: { width: boxWidth } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', FakeResizeObserver));
afterEach(() => vi.unstubAllGlobals());

function table(overrides: Partial<DataTableProps<Row>> = {}) {
  const noop = () => {};
  return (
    <DataTable<Row>
      label="Packages"
      columns={columns}
      data={rows}
      total={rows.length}
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
      actions={(r) => <button type="button">Open {r.packageNumber}</button>}
      {...overrides}
    />
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('foldColumns', () => {
  it('folds nothing when every column fits, then the lowest priorities first, never priority 1', () => {
    expect(foldColumns(columns, 1200, 170)).toEqual([]);
    expect(foldColumns(columns, 800, 170)).toEqual(['branch', 'manifest', 'weight']);
    // A narrow priority-4 column that would fit does not stay while a priority-3 one is folded.
    expect(foldColumns(columns, 830, 170)).toEqual(['branch', 'manifest', 'weight']);
    expect(foldColumns(columns, 300, 170)).toEqual(['customer', 'branch', 'manifest', 'weight']);
    // Drawn wider than estimated: one more, the least important visible column.
    expect(foldColumns(columns, 1200, 170, 1)).toEqual(['weight']);
    expect(foldColumns(columns, 0, 170)).toEqual([]);
  });
});

describe('DataTable at different widths', () => {
  it('shows every column when the box is wide', () => {
    boxWidth = 1280;
    render(table());
    expect(headers()).toEqual(['Package', 'Status', 'Customer', 'Branch', 'Manifest', 'Weight (lb)', 'Actions']);
    expect(screen.queryByRole('button', { name: 'Show details' })).not.toBeInTheDocument();
  });

  it('folds low-priority columns into an expandable row detail at a laptop width', async () => {
    boxWidth = 800;
    render(table());
    expect(headers()).toEqual(['Details', 'Package', 'Status', 'Customer', 'Actions']);
    const [first] = screen.getAllByRole('button', { name: 'Show details' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Kingston')).not.toBeInTheDocument();
    await userEvent.click(first as HTMLElement);
    expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    const detail = screen.getByText('Kingston').closest('dl') as HTMLElement;
    expect(within(detail).getByText('Branch')).toBeInTheDocument();
    expect(within(detail).getByText('MAN-1')).toBeInTheDocument();
    expect(within(detail).getByText('Weight (lb)')).toBeInTheDocument();
    expect(within(detail).getByText('2.50')).toBeInTheDocument();
    // Only the opened row shows its details.
    expect(screen.queryByText('MAN-2')).not.toBeInTheDocument();
  });

  it('keeps the Actions column in view at the right and badges on one line', () => {
    boxWidth = 800;
    render(table());
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    expect(header).toHaveClass('sticky', 'right-0', 'whitespace-nowrap');
    const cell = screen.getByRole('button', { name: 'Open PKG-000001' }).closest('td');
    expect(cell).toHaveClass('sticky', 'right-0', 'whitespace-nowrap');
    const badgeCell = screen.getAllByText('Ready for Pickup')[0]?.closest('td');
    expect(badgeCell).toHaveClass('whitespace-nowrap');
    expect(badgeCell).not.toHaveClass('truncate');
  });

  it('renders cards under 640 px with the title, status and primary action in view', async () => {
    boxWidth = 375;
    render(table());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('table-card');
    expect(cards).toHaveLength(2);
    const card = within(cards[0] as HTMLElement);
    expect(card.getByText('PKG-000001')).toBeVisible();
    expect(card.getByText('Ready for Pickup')).toBeVisible();
    expect(card.getByRole('button', { name: 'Open PKG-000001' })).toBeVisible();
    expect(card.getByText('Customer 1')).toBeVisible();
    // Priority 3+ wait behind "More details".
    expect(card.queryByText('Kingston')).not.toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'More details' }));
    expect(card.getByText('Kingston')).toBeVisible();
  });

  it('shows the reason and a Retry that calls onRetry, never an empty table', async () => {
    boxWidth = 1280;
    const onRetry = vi.fn();
    render(table({ data: [], total: 0, error: 'Unable to connect to server. Check your connection.', onRetry }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This list could not be loaded');
    expect(alert).toHaveTextContent('Unable to connect to server. Check your connection.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing 0 to 0/)).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows skeleton rows while the first page loads, and the list’s purpose and first action when empty', () => {
    boxWidth = 1280;
    const { rerender } = render(table({ data: [], total: 0, loading: true }));
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    rerender(
      table({
        data: [],
        total: 0,
        empty: {
          description: 'Packages you pre-alert appear here',
          action: { label: 'Pre-alert your first package', onClick: () => {} },
        },
      }),
    );
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
    expect(screen.getByText('Packages you pre-alert appear here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pre-alert your first package' })).toBeInTheDocument();
  });

  it('offers Export CSV of what the list shows when the page passes its endpoint', async () => {
    boxWidth = 1280;
    const fetchMock = vi.fn(async () => new Response('a,b\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(
      table({
        exportPath: '/packages',
        exportQuery: { courierId: 3, page: 2, limit: 25, receivedFrom: undefined },
        search: 'kim',
        sort: { field: 'packageNumber', order: 'desc' },
        filters: { status: 'received' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/api/packages');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      courierId: '3',
      search: 'kim',
      sort: 'packageNumber',
      order: 'desc',
      filters: JSON.stringify({ status: 'received' }),
      format: 'csv',
    });
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('a row opens its item', () => {
  const opened: string[] = [];
  const linked: Array<DataTableColumn<Row>> = columns.map((c) =>
    c.field === 'packageNumber'
      ? {
          ...c,
          render: (r) => (
            <a
              href={`/packages/${r.id}`}
              onClick={(e) => {
                e.preventDefault();
                opened.push(r.packageNumber);
              }}
            >
              {r.packageNumber}
            </a>
          ),
        }
      : c,
  );
  beforeEach(() => opened.splice(0));

  it('follows the row’s link from anywhere in the row but its controls, in the table and in a card', async () => {
    for (const width of [1280, 375]) {
      boxWidth = width;
      const { unmount } = render(table({ columns: linked }));
      await userEvent.click(screen.getAllByText('Customer 2')[0] as HTMLElement);
      expect(opened).toEqual(['PKG-000002']);
      await userEvent.click(screen.getByRole('button', { name: 'Open PKG-000001' }));
      expect(opened).toEqual(['PKG-000002']);
      unmount();
      opened.splice(0);
    }
  });

  it('opens by the control marked as the row’s opener, and never follows a link to another site', async () => {
    boxWidth = 1280;
    const external: Array<DataTableColumn<Row>> = columns.map((c) =>
      c.field === 'packageNumber'
        ? {
            ...c,
            render: (r) => (
              <a
                href="https://carrier.example/track"
                target="_blank"
                rel="noreferrer"
                onClick={(e) => {
                  e.preventDefault();
                  opened.push('carrier');
                }}
              >
                {r.packageNumber}
              </a>
            ),
          }
        : c,
    );
    const actions = (r: Row) => (
      <button type="button" data-row-open onClick={() => opened.push(`timeline ${r.id}`)}>
        Timeline
      </button>
    );
    const { unmount } = render(table({ columns: external, actions }));
    await userEvent.click(screen.getByText('Customer 1'));
    expect(opened).toEqual(['timeline 1']);
    unmount();
    opened.splice(0);
    render(table({ columns: external }));
    await userEvent.click(screen.getByText('Customer 1'));
    expect(opened).toEqual([]);
  });

  it('does nothing in a row without a link', async () => {
    boxWidth = 1280;
    const actions = (r: Row) => (
      <a
        href={`/packages/${r.id}`}
        onClick={(e) => {
          e.preventDefault();
          opened.push(`action ${r.id}`);
        }}
      >
        Open
      </a>
    );
    render(table({ actions }));
    await userEvent.click(screen.getByText('Customer 1'));
    expect(opened).toEqual([]);
  });
});
