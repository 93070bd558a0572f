import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@courier/shared/schemas/search';
import { useDebounced } from '@/hooks/use-debounced';
import { api } from '@/lib/api-client';
import { searchKeys } from './keys';

/** Shortest query sent to the lookup: one character matches too much to be worth a call. */
export const SEARCH_MIN_LENGTH = 2;

/** Packages, customers and invoices matching a typed number or name (GET /api/search), scoped by the API. */
export function useRecordSearch(query: string) {
  const q = useDebounced(query.trim(), 200);
  const enabled = q.length >= SEARCH_MIN_LENGTH;
  return useQuery({
    queryKey: searchKeys.records(q),
    queryFn: ({ signal }) => api.get<SearchResult>('/search', { query: { q }, signal }),
    enabled,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    select: (data) => (enabled ? data : undefined),
  });
}
