import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { OutboxEntry, OutboxSummary } from '@courier/shared/schemas/outbox';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

import type { ListQueryParams } from '@/lib/list-query';
/** The super admin's own (platform) outbox is the one without a courier. */
const scope = (courierId: number | null) => (courierId === null ? {} : { courierId });

export function useOutbox(courierId: number | null, query: ListQueryParams) {
  return useQuery({
    queryKey: settingsKeys.outbox.list(courierId, query),
    queryFn: ({ signal }) => api.get<Page<OutboxEntry>>('/email-outbox', { signal, query: { ...query, ...scope(courierId) } }),
    // Queued mail moves on its own: look again while the card is open.
    refetchInterval: 15_000,
  });
}

export function useOutboxSummary(courierId: number | null) {
  return useQuery({
    queryKey: settingsKeys.outbox.summary(courierId),
    queryFn: ({ signal }) => api.get<OutboxSummary>('/email-outbox/summary', { signal, query: scope(courierId) }),
    refetchInterval: 15_000,
  });
}

export function useRetryOutboxMail(courierId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<OutboxEntry>(`/email-outbox/${id}/retry`, undefined, { query: scope(courierId) }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.outbox.of(courierId) }),
  });
}
