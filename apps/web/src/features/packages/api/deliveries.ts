import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { DeliveryLocation, DeliveryRequestDto, Driver } from '@courier/shared/schemas/deliveries';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { fetchBlob } from '@/lib/download';
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

export function useDeliveryRequest(id: number) {
  return useQuery({
    queryKey: ['delivery-requests', 'one', id],
    queryFn: ({ signal }) => api.get<DeliveryRequestDto>(`/delivery-requests/${id}`, { signal }),
  });
}

export function useDrivers(enabled: boolean) {
  return useQuery({ queryKey: ['delivery-drivers'], enabled, queryFn: ({ signal }) => api.get<Driver[]>('/delivery-drivers', { signal }) });
}

/** An image behind the bearer token (a proof of delivery) as an object URL for an <img>. */
export function useProofImage(path: string | null) {
  const query = useQuery({
    queryKey: ['delivery-proof', path],
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => URL.createObjectURL(await fetchBlob(path ?? '')),
  });
  useEffect(() => {
    const url = query.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [query.data]);
  return query;
}
