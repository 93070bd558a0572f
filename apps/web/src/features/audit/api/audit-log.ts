import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@courier/shared/schemas/audit';
import type { Page } from '@courier/shared/schemas/common';
import { api } from '@/lib/api-client';

import type { ListQueryParams } from '@/lib/list-query';
import { auditKeys } from './keys';

export function useAuditLog(query: ListQueryParams) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<AuditEntry>>('/audit-log', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors(courierId: number | undefined) {
  return useQuery({
    queryKey: auditKeys.actors(courierId),
    queryFn: ({ signal }) =>
      api.get<Array<{ actorType: string; actorId: number | null; name: string }>>('/audit-log/actors', { query: { courierId }, signal }),
  });
}
