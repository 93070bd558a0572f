import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { BatchEmail, BatchEmailInput, BatchPreview, BatchRecipient } from '@courier/shared/schemas/emails';
import type { AnnouncementInput, AnnouncementList, EmailPreferences, NotificationFeed } from '@courier/shared/schemas/notifications';
import { api } from '@/lib/api-client';
import { communicationKeys } from './keys';

export function useNotifications(page: number, unreadOnly: boolean) {
  return useQuery({
    queryKey: communicationKeys.notifications.feed(page, unreadOnly),
    queryFn: ({ signal }) =>
      api.get<NotificationFeed>('/notifications', { query: { page, limit: 20, unread: unreadOnly ? 'true' : undefined }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** The reader's unread count for the sidebar badge and the staff bell, polled every 30 s. */
export function useNotificationUnreadCount(enabled = true) {
  return useQuery({
    queryKey: communicationKeys.notifications.unreadCount,
    queryFn: ({ signal }) => api.get<{ unreadCount: number }>('/notifications/unread-count', { signal }),
    enabled,
    refetchInterval: 30_000,
  });
}

/** Marks one notification (or all) read; the feed and the badge refresh. */
export function useMarkNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') => (id === 'all' ? api.post('/notifications/read-all') : api.post(`/notifications/${id}/read`)),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.notifications.all }),
  });
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: communicationKeys.emailPreferences,
    queryFn: ({ signal }) => api.get<EmailPreferences>('/customers/profile/notification-preferences', { signal }),
  });
}

export function useSaveEmailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefs: EmailPreferences) => api.put<EmailPreferences>('/customers/profile/notification-preferences', prefs),
    onSuccess: (saved) => client.setQueryData(communicationKeys.emailPreferences, saved),
  });
}

export function useAnnouncements() {
  return useQuery({
    queryKey: communicationKeys.announcements,
    queryFn: ({ signal }) => api.get<AnnouncementList>('/notifications/announcements', { signal }),
  });
}

export function useSendAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => api.post<{ sent: number }>('/notifications/announcements', input),
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.announcements }),
  });
}

export function useBatchEmails(page: number) {
  return useQuery({
    queryKey: communicationKeys.batchEmails.page(page),
    queryFn: ({ signal }) => api.get<Page<BatchEmail>>('/batch-emails', { query: { page, limit: 10 }, signal }),
    placeholderData: keepPreviousData,
    // Live progress while a batch is going out.
    refetchInterval: (q) => (q.state.data?.data.some((b) => b.status === 'sending') ? 3_000 : false),
  });
}

export function useBatchRecipients(id: number | null, page: number) {
  return useQuery({
    queryKey: communicationKeys.batchEmails.recipients(id, page),
    queryFn: ({ signal }) => api.get<Page<BatchRecipient>>(`/batch-emails/${id}/recipients`, { query: { page, limit: 25 }, signal }),
    enabled: id !== null,
    refetchInterval: 5_000,
  });
}

export function usePreviewBatch() {
  return useMutation({
    mutationFn: (input: BatchEmailInput & { customerId?: number | null }) => api.post<BatchPreview>('/batch-emails/preview', input),
  });
}

export function useSendBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: BatchEmailInput) => {
      const draft = await api.post<BatchEmail>('/batch-emails', input);
      return api.post<BatchEmail>(`/batch-emails/${draft.id}/send`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: communicationKeys.batchEmails.all }),
  });
}
