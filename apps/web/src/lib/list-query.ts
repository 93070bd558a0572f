import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import { api } from '@/lib/api-client';

export type ListQueryParams = Record<string, string | number | undefined>;

/** One server-side page of a DataTable list; the previous page stays on screen while the next loads. */
export function usePage<T>(key: readonly unknown[], path: string, query: ListQueryParams) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => api.get<Page<T>>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
