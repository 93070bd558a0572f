import { useMutation, useQuery } from '@tanstack/react-query';
import type { PlatformSettingsInput, PlatformSettingsView } from '@courier/shared/schemas/platform';
import { api } from '@/lib/api-client';
import { keys, useInvalidate } from '@/lib/query-keys';

/** The platform's own settings (super admin). */
export const usePlatformSettings = () =>
  useQuery({ queryKey: keys.platformSettings, queryFn: () => api.get<PlatformSettingsView>('/platform/settings') });
export function useSavePlatformSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PlatformSettingsInput) => api.put<PlatformSettingsView>('/platform/settings', input),
    onSuccess: () => invalidate(keys.platformSettings),
  });
}
