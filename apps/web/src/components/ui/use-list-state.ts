import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@courier/shared/constants/limits';
import type { SortState } from './data-table';

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
