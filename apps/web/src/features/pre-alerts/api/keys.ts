import type { ListQueryParams } from '@/lib/list-query';

/** Every query key of pre-alerts. */
export const preAlertKeys = {
  all: ['pre-alerts'] as const,
  own: (query: ListQueryParams) => ['pre-alerts', 'own', query] as const,
};
