import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicContent } from '@courier/shared/schemas/public-site';
import type { CourierDomain, EmbedSettings, EmbedSettingsInput, PublicContentInput } from '@courier/shared/schemas/public-site-settings';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export const usePublicContent = () =>
  useQuery({
    queryKey: settingsKeys.publicContent,
    queryFn: ({ signal }) => api.get<PublicContent>('/settings/public-content', { signal }),
  });

export function useSavePublicContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicContentInput) => api.put<PublicContent>('/settings/public-content', input),
    onSuccess: (data) => client.setQueryData(settingsKeys.publicContent, data),
  });
}

export const useDomains = () =>
  useQuery({ queryKey: settingsKeys.domains, queryFn: ({ signal }) => api.get<CourierDomain[]>('/settings/domains', { signal }) });

export function useRequestDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hostname: string) => api.post<CourierDomain>('/settings/domains', { hostname }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.domains }),
  });
}

export function useRemoveDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`/settings/domains/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.domains }),
  });
}

export const useEmbedSettings = () =>
  useQuery({ queryKey: settingsKeys.embed, queryFn: ({ signal }) => api.get<EmbedSettings>('/settings/embed', { signal }) });

export function useSaveEmbedSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EmbedSettingsInput) => api.put<EmbedSettings>('/settings/embed', input),
    onSuccess: (data) => client.setQueryData(settingsKeys.embed, data),
  });
}
