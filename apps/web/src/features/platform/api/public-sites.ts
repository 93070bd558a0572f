import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierDomain, DefaultCourier } from '@courier/shared/schemas/public-site-settings';
import { api } from '@/lib/api-client';
import { platformKeys } from './keys';

/** The super admin's side of the couriers' public sites: web addresses to approve, and the platform's default courier. */

export const usePlatformDomains = () =>
  useQuery({ queryKey: platformKeys.domains, queryFn: ({ signal }) => api.get<CourierDomain[]>('/platform/domains', { signal }) });

export function useDecideDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      api.post<CourierDomain>(`/platform/domains/${id}/${decision}`),
    onSuccess: () => client.invalidateQueries({ queryKey: platformKeys.domains }),
  });
}

export const useDefaultCourier = () =>
  useQuery({
    queryKey: platformKeys.defaultCourier,
    queryFn: ({ signal }) => api.get<DefaultCourier>('/platform/default-courier', { signal }),
  });

export function useSaveDefaultCourier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courierCode: string | null) => api.put<DefaultCourier>('/platform/default-courier', { courierCode }),
    onSuccess: (data) => client.setQueryData(platformKeys.defaultCourier, data),
  });
}
