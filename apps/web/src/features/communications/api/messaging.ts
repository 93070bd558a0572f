import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerMessaging, MessageChannel, MessageEvent, PushSubscriptionInput } from '@courier/shared/schemas/messaging';
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
  return useMutation({ mutationFn: call, onSuccess: (data) => client.setQueryData(communicationKeys.phoneMessaging, data) });
}

export const useRequestPhoneCode = () =>
  useSaveMessaging((phone: string) => api.post<CustomerMessaging>('/customer/messaging/phone', { phone }));
export const useConfirmPhone = () =>
  useSaveMessaging((code: string) => api.post<CustomerMessaging>('/customer/messaging/phone/confirm', { code }));
export const useSaveChannels = () =>
  useSaveMessaging((chosen: Partial<Record<MessageEvent, MessageChannel[]>>) =>
    api.put<CustomerMessaging>('/customer/messaging/channels', { chosen }),
  );

export const pushPublicKey = () => api.get<{ publicKey: string }>('/customer/push/key');
export const savePushSubscription = (sub: PushSubscriptionInput) => api.post('/customer/push/subscriptions', sub);
