import type { ListQueryParams } from '@/lib/list-query';

/** Every query key of the audit log. */
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: ListQueryParams) => ['audit-log', 'list', query] as const,
  actors: (courierId: number | undefined) => ['audit-log', 'actors', courierId] as const,
};
