import type { ListQueryParams } from '@/lib/list-query';

/** Every query key of branch transfers; `all` refreshes their lists and details. */
export const transferKeys = {
  all: ['transfers'] as const,
  list: (query: ListQueryParams) => ['transfers', 'list', query] as const,
  detail: (id: number | null) => ['transfers', 'detail', id] as const,
};
