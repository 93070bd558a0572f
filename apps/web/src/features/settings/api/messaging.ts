import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettings, OutboxMessage, SaveMessagingSettings } from '@courier/shared/schemas/messaging';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useMessagingSettings() {
  return useQuery({
    queryKey: settingsKeys.messaging,
    queryFn: ({ signal }) => api.get<MessagingSettings>('/settings/messaging', { signal }),
  });
}

export function useSaveMessagingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMessagingSettings) => api.put<MessagingSettings>('/settings/messaging', input),
    onSuccess: (data) => client.setQueryData(settingsKeys.messaging, data),
  });
}

/** What went out by push, SMS and WhatsApp, newest first; statuses move on their own, so it looks again. */
export function useMessageOutbox() {
  return useQuery({
    queryKey: settingsKeys.messageOutbox,
    queryFn: ({ signal }) => api.get<OutboxMessage[]>('/messaging/outbox', { signal }),
    refetchInterval: 10_000,
  });
}
