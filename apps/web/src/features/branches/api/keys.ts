import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';

/** Every query key of branches; the root and the options are shared with the features that show them. */
export const branchKeys = {
  all: recordKeys.branches,
  list: (query: ListQueryParams) => [...recordKeys.branches, query] as const,
  one: (id: number) => [...recordKeys.branches, 'one', id] as const,
  options: recordKeys.branchOptions,
};
