import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerMessaging, PushSubscriptionInput } from '@courier/shared/schemas/messaging';
import type { NoticeChannels, SaveNoticeChannels } from '@courier/shared/schemas/notice-channels';
import { api } from '@/lib/api-client';
import { communicationKeys } from './keys';

export function useCustomerMessaging() {
  return useQuery({
    queryKey: communicationKeys.phoneMessaging,
    queryFn: ({ signal }) => api.get<CustomerMessaging>('/customer/messaging', { signal }),
  });
}

function useSaveMessaging<T>(call: (input: T) => Promise<CustomerMessaging>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      client.setQueryData(communicationKeys.phoneMessaging, data);
      // A confirmed (or changed) number changes which channels each kind of notice offers.
      void client.invalidateQueries({ queryKey: communicationKeys.noticeChannels });
    },
  });
}

export const useRequestPhoneCode = () =>
  useSaveMessaging((phone: string) => api.post<CustomerMessaging>('/customer/messaging/phone', { phone }));
export const useConfirmPhone = () =>
  useSaveMessaging((code: string) => api.post<CustomerMessaging>('/customer/messaging/phone/confirm', { code }));

/** Each kind of notice with the channels offered and chosen. */
export function useNoticeChannels() {
  return useQuery({
    queryKey: communicationKeys.noticeChannels,
    queryFn: ({ signal }) => api.get<NoticeChannels>('/customers/profile/notice-channels', { signal }),
  });
}

export function useSaveNoticeChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chosen: SaveNoticeChannels['chosen']) => api.put<NoticeChannels>('/customers/profile/notice-channels', { chosen }),
    onSuccess: (saved) => {
      client.setQueryData(communicationKeys.noticeChannels, saved);
      void client.invalidateQueries({ queryKey: communicationKeys.phoneMessaging });
      void client.invalidateQueries({ queryKey: communicationKeys.emailPreferences });
    },
  });
}

export const pushPublicKey = () => api.get<{ publicKey: string }>('/customer/push/key');
export const savePushSubscription = (sub: PushSubscriptionInput) => api.post('/customer/push/subscriptions', sub);
