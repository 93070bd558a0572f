import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Plus } from 'lucide-react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table';
import { EmptyState } from './empty-state';

interface Row {
  id: number;
  name: string;
}

function table(overrides: Partial<DataTableProps<Row>> = {}) {
  const noop = () => {};
  return (
    <DataTable<Row>
      label="Branches"
      columns={[{ field: 'name', label: 'Name' }]}
      data={[]}
      total={0}
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
      {...overrides}
    />
  );
}

describe('empty lists', () => {
  it('says what an empty list is for and offers its first action', async () => {
    const add = vi.fn();
    render(
      table({
        empty: {
          description: 'Branches are where customers collect their packages.',
          action: { label: 'Add a branch', icon: Plus, onClick: add },
        },
      }),
    );
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Branches are where customers collect their packages.')).toBeInTheDocument();
    expect(screen.queryByText('No results found for your search')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a branch' }));
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('keeps the count but drops paging and Export CSV while there is nothing to page or export', () => {
    render(table({ exportPath: '/branches', empty: { description: 'Branches are where customers collect their packages.' } }));
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
    expect(screen.queryByLabelText('Per page')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of Branches' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('leaves the first action out when the person may not take it', () => {
    render(table({ empty: { description: 'Branches are where customers collect their packages.' } }));
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a branch' })).not.toBeInTheDocument();
  });

  it('tells a search that found nothing apart from an empty list, and clears the search and filters', async () => {
    const onSearchChange = vi.fn();
    const onFiltersChange = vi.fn();
    const empty = {
      description: 'Branches are where customers collect their packages.',
      action: { label: 'Add a branch', onClick: () => {} },
    };
    const { rerender } = render(table({ empty, search: 'kings', onSearchChange, onFiltersChange }));
    expect(screen.getByText('No results found for your search')).toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
    expect(screen.queryByText(empty.description)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a branch' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onSearchChange).toHaveBeenCalledWith('');
    expect(onFiltersChange).toHaveBeenCalledWith({});

    rerender(table({ empty, filters: { active: 'true' }, onSearchChange, onFiltersChange }));
    expect(screen.getByText('No results found for your search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it("counts the page's own filters (a courier, dates) and clears them too", async () => {
    const onClearFilters = vi.fn();
    render(table({ empty: { description: 'Staff of the courier.', filtered: true, onClearFilters } }));
    expect(screen.getByText('No results found for your search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalledTimes(1);
  });

  it('offers a link as the first action when it leads to another screen', () => {
    render(
      <MemoryRouter initialEntries={['/courier/admin/packages']}>
        <Routes>
          <Route
            path="/courier/admin/packages"
            element={table({
              empty: { description: 'Packages scanned in show here.', action: { label: 'Scan a package in', to: '../scan' } },
            })}
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Scan a package in' })).toHaveAttribute('href', '/courier/admin/scan');
  });

  it('shows a standalone empty list with its own title and action', async () => {
    const open = vi.fn();
    render(
      <EmptyState title="No support tickets yet" action={{ label: 'Open your first ticket', onClick: open }}>
        Our team answers here.
      </EmptyState>,
    );
    expect(screen.getByText('No support tickets yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open your first ticket' }));
    expect(open).toHaveBeenCalledTimes(1);
  });
});
