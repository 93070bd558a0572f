import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CarrierTracking } from '@courier/shared/schemas/carrier-tracking';
import { api } from '@/lib/api-client';
import { carrierTrackingKeys } from './keys';

/** The carrier's scans of one of the customer's pre-alerts (none yet: the 404 says so). */
export function usePreAlertCarrierTracking(preAlertId: number | null) {
  return useQuery({
    queryKey: carrierTrackingKeys.preAlert(preAlertId ?? 0),
    queryFn: ({ signal }) => api.get<CarrierTracking>(`/customer/pre-alerts/${preAlertId}/carrier-tracking`, { signal }),
    enabled: preAlertId !== null,
    retry: false,
  });
}

/** Staff: the courier's followed pre-alerts; `waiting`: delivered to the warehouse, not received. */
export function useCarrierTrackings(show: 'all' | 'waiting', page: number) {
  return useQuery({
    queryKey: carrierTrackingKeys.list(show, page),
    queryFn: ({ signal }) =>
      api.get<{ data: CarrierTracking[]; total: number; page: number; limit: number }>('/carrier-tracking', {
        query: { show, page, limit: 25 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
