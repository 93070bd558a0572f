import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';

/** Every query key of roles; the root and the options are shared with the features that show them. */
export const roleKeys = {
  all: recordKeys.roles,
  list: (query: ListQueryParams) => [...recordKeys.roles, query] as const,
  one: (id: number) => [...recordKeys.roles, 'one', id] as const,
  options: recordKeys.roleOptions,
};
