import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';

/** Every query key of couriers (the super admin's) and their invitations. */
export const courierKeys = {
  all: recordKeys.couriers,
  list: (query: ListQueryParams) => [...recordKeys.couriers, query] as const,
  one: (id: number) => [...recordKeys.couriers, 'one', id] as const,
  options: recordKeys.courierOptions,
  invitations: {
    all: ['courier-invitations'] as const,
    view: (token: string) => ['courier-invitations', 'view', token] as const,
  },
};
