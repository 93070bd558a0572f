import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { DeliveryLocation, DeliveryRequestDto } from '@courier/shared/schemas/deliveries';
import { api } from '@/lib/api-client';
import type { ListQueryParams } from './packages';

export function useDeliveryRequests(path: '/delivery-requests' | '/customer/delivery-requests', query: ListQueryParams) {
  return useQuery({
    queryKey: ['delivery-requests', path, query],
    queryFn: ({ signal }) => api.get<Page<DeliveryRequestDto>>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryLocations(path: '/delivery-locations' | '/customer/delivery-locations') {
  return useQuery({ queryKey: ['delivery-locations', path], queryFn: ({ signal }) => api.get<DeliveryLocation[]>(path, { signal }) });
}
