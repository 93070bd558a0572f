import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';

/** Every query key of staff; a staff change also refreshes the branch and role lists (their counts). */
export const staffKeys = {
  all: recordKeys.staff,
  list: (query: ListQueryParams) => [...recordKeys.staff, query] as const,
  one: (id: number) => [...recordKeys.staff, 'one', id] as const,
};
