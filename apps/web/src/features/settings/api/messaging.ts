import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettings, OutboxMessage, SaveMessagingSettings } from '@courier/shared/schemas/messaging';
import { api } from '@/lib/api-client';

const messagingKey = ['settings', 'messaging'] as const;

export function useMessagingSettings() {
  return useQuery({ queryKey: messagingKey, queryFn: ({ signal }) => api.get<MessagingSettings>('/settings/messaging', { signal }) });
}

export function useSaveMessagingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMessagingSettings) => api.put<MessagingSettings>('/settings/messaging', input),
    onSuccess: (data) => client.setQueryData(messagingKey, data),
  });
}

/** What went out by push, SMS and WhatsApp, newest first; statuses move on their own, so it looks again. */
export function useMessageOutbox() {
  return useQuery({
    queryKey: [...messagingKey, 'outbox'],
    queryFn: ({ signal }) => api.get<OutboxMessage[]>('/messaging/outbox', { signal }),
    refetchInterval: 10_000,
  });
}
