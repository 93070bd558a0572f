import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import { api } from '@/lib/api-client';

export type ListQueryParams = Record<string, string | number | undefined>;

/**
 * One server-side page of a DataTable list; the previous page stays on screen while the next loads.
 * For a feature's list hook: `queryKey` comes from the feature's key factory.
 */
export function usePage<T>(queryKey: readonly unknown[], path: string, query: ListQueryParams) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<Page<T>>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
