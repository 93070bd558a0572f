import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackingAccount, TrackingAccountInput } from '@courier/shared/schemas/carrier-tracking';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useTrackingAccount() {
  return useQuery({
    queryKey: settingsKeys.trackingAccount,
    queryFn: ({ signal }) => api.get<TrackingAccount>('/carrier-tracking/account', { signal }),
  });
}

export function useSaveTrackingAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TrackingAccountInput) => api.put<TrackingAccount>('/carrier-tracking/account', input),
    onSuccess: (account) => client.setQueryData(settingsKeys.trackingAccount, account),
  });
}
