import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyDto,
  CreateApiKeyInput,
  CreateWebhookInput,
  CreatedApiKeyDto,
  PickupFileDto,
  PickupSourceDto,
  PickupSourceInput,
  WebhookDeliveryDto,
  WebhookEndpointDto,
} from '@courier/shared/schemas/integrations';
import { api } from '@/lib/api-client';
import { integrationKeys } from './package-imports';

export function useApiKeys() {
  return useQuery({ queryKey: integrationKeys.apiKeys(), queryFn: ({ signal }) => api.get<ApiKeyDto[]>('/settings/api-keys', { signal }) });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKeyDto>('/settings/api-keys', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<ApiKeyDto>(`/settings/api-keys/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.apiKeys() }),
  });
}

export function useWebhooks() {
  return useQuery({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) => api.get<WebhookEndpointDto[]>('/settings/webhooks', { signal }),
  });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => api.post<WebhookEndpointDto & { secret: string }>('/settings/webhooks', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  });
}

export function useDisableWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<WebhookEndpointDto>(`/settings/webhooks/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  });
}

/** An endpoint's latest deliveries; refreshed every few seconds while one waits to be sent. */
export function useDeliveries(endpointId: number | null) {
  return useQuery({
    queryKey: integrationKeys.deliveries(endpointId ?? 0),
    queryFn: ({ signal }) => api.get<WebhookDeliveryDto[]>(`/settings/webhooks/${endpointId}/deliveries`, { signal }),
    enabled: endpointId !== null,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 3_000 : false),
  });
}

export function useWebhookAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId?: number }) =>
      api.post<WebhookDeliveryDto>(
        deliveryId ? `/settings/webhooks/${endpointId}/deliveries/${deliveryId}/resend` : `/settings/webhooks/${endpointId}/test`,
      ),
    onSuccess: (_d, { endpointId }) => void qc.invalidateQueries({ queryKey: integrationKeys.deliveries(endpointId) }),
  });
}

export function usePickupSource() {
  return useQuery({
    queryKey: integrationKeys.pickup(),
    queryFn: ({ signal }) => api.get<PickupSourceDto>('/settings/agent-pickup', { signal }),
  });
}

export function useSavePickupSource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PickupSourceInput) => api.put<PickupSourceDto>('/settings/agent-pickup', input),
    onSuccess: (data) => qc.setQueryData(integrationKeys.pickup(), data),
  });
}

/** Reads the folder now instead of waiting for the schedule. */
export function useRunPickup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ files: PickupFileDto[] }>('/settings/agent-pickup/run'),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: integrationKeys.pickup() });
      void qc.invalidateQueries({ queryKey: integrationKeys.imports() });
    },
  });
}
