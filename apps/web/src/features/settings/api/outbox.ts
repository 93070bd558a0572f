import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { OutboxEntry, OutboxSummary } from '@courier/shared/schemas/outbox';
import { api } from '@/lib/api-client';

type ListQuery = Record<string, string | number | undefined>;
const outboxKey = (courierId: number | null) => ['email-outbox', courierId] as const;
/** The super admin's own (platform) outbox is the one without a courier. */
const scope = (courierId: number | null) => (courierId === null ? {} : { courierId });

export function useOutbox(courierId: number | null, query: ListQuery) {
  return useQuery({
    queryKey: [...outboxKey(courierId), 'list', query],
    queryFn: ({ signal }) => api.get<Page<OutboxEntry>>('/email-outbox', { signal, query: { ...query, ...scope(courierId) } }),
    // Queued mail moves on its own: look again while the card is open.
    refetchInterval: 15_000,
  });
}

export function useOutboxSummary(courierId: number | null) {
  return useQuery({
    queryKey: [...outboxKey(courierId), 'summary'],
    queryFn: ({ signal }) => api.get<OutboxSummary>('/email-outbox/summary', { signal, query: scope(courierId) }),
    refetchInterval: 15_000,
  });
}

export function useRetryOutboxMail(courierId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<OutboxEntry>(`/email-outbox/${id}/retry`, undefined, { query: scope(courierId) }),
    onSuccess: () => client.invalidateQueries({ queryKey: outboxKey(courierId) }),
  });
}
