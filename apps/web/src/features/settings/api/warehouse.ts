import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WarehouseSettings } from '@courier/shared/schemas/packages';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The warehouse rules: the weight that asks for confirmation, and whether every package needs its invoice. */
export const useWarehouseSettings = () =>
  useQuery({ queryKey: settingsKeys.warehouse, queryFn: ({ signal }) => api.get<WarehouseSettings>('/settings/warehouse', { signal }) });

export function useSaveWarehouseSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WarehouseSettings) => api.put<WarehouseSettings>('/settings/warehouse', input),
    onSuccess: (data) => client.setQueryData(settingsKeys.warehouse, data),
  });
}
