import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GatewaySettings, GatewaySettingsInput } from '@courier/shared/schemas/online-payments';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The courier's online-payment gateway (its WiPay account). */
// The courier is the caller's own; only the super admin's courierId is read by the server.
type GatewayResponse = { data: GatewaySettings | null; test_mode: boolean };

export function useGatewaySettings(courierId: number | null) {
  return useQuery({
    queryKey: settingsKeys.gateway(courierId),
    queryFn: ({ signal }) =>
      api.get<GatewayResponse>('/settings/payment-gateway', { query: { courierId: courierId ?? undefined }, signal }),
    enabled: courierId !== null,
  });
}

export function useSaveGatewaySettings(courierId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GatewaySettingsInput) =>
      api.put<GatewayResponse>('/settings/payment-gateway', input, { query: { courierId: courierId ?? undefined } }),
    onSuccess: (data) => client.setQueryData(settingsKeys.gateway(courierId), data),
  });
}
