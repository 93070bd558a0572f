import { useMutation, useQuery } from '@tanstack/react-query';
import type { PlatformSettingsInput, PlatformSettingsView } from '@courier/shared/schemas/platform';
import { api } from '@/lib/api-client';
import { useInvalidate } from '@/lib/query-keys';
import { platformKeys } from './keys';

/** The platform's own settings (super admin). */
export const usePlatformSettings = () =>
  useQuery({ queryKey: platformKeys.settings, queryFn: () => api.get<PlatformSettingsView>('/platform/settings') });
export function useSavePlatformSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PlatformSettingsInput) => api.put<PlatformSettingsView>('/platform/settings', input),
    onSuccess: () => invalidate(platformKeys.settings),
  });
}
