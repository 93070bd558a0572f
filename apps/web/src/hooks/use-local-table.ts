import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@courier/shared/constants/limits';
import type { SortState } from '@/components/ui/data-table';

/**
 * Feeds the shared DataTable from a list already in memory. A courier's rates and fees are a few
 * dozen rows, so the settings load them whole and page, search, filter and sort here.
 */
export function useLocalTable<T>(
  rows: T[] | undefined,
  options: { search: (row: T) => string; value: (row: T, field: string) => unknown },
) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { search: searchText, value } = options;

  const matched = useMemo(() => {
    const needle = search.trim().toLowerCase();
    let list = (rows ?? []).filter((row) => !needle || searchText(row).toLowerCase().includes(needle));
    for (const [field, wanted] of Object.entries(filters)) {
      list = list.filter((row) => String(value(row, field) ?? '').toLowerCase() === wanted.toLowerCase());
    }
    if (sort) {
      const dir = sort.order === 'asc' ? 1 : -1;
      list = [...list].sort((a, b) => {
        const x = value(a, sort.field);
        const y = value(b, sort.field);
        if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
        return String(x ?? '').localeCompare(String(y ?? ''), undefined, { numeric: true }) * dir;
      });
    }
    return list;
  }, [rows, search, filters, sort, searchText, value]);

  const lastPage = Math.max(1, Math.ceil(matched.length / pageSize));
  const current = Math.min(page, lastPage);
  return {
    data: matched.slice((current - 1) * pageSize, current * pageSize),
    total: matched.length,
    page: current,
    pageSize,
    onPageChange: setPage,
    onPageSizeChange: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
    search,
    onSearchChange: (s: string) => {
      setSearch(s);
      setPage(1);
    },
    sort,
    onSortChange: setSort,
    filters,
    onFiltersChange: (f: Record<string, string>) => {
      setFilters(f);
      setPage(1);
    },
  };
}
