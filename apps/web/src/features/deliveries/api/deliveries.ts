import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Page } from '@courier/shared/schemas/common';
import {
  DELIVERY_MESSAGES,
  type CreateDeliveryRequestInput,
  type DeliverInput,
  type DeliveryLocation,
  type DeliveryLocationInput,
  type DeliveryRequestDto,
  type Driver,
} from '@courier/shared/schemas/deliveries';
import type { DeliveryRequestStatus } from '@courier/shared/constants/packages';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { fetchBlob } from '@/lib/download';
import { uploadForm } from '@/lib/upload';
import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';
import { deliveryKeys } from './keys';

export function useDeliveryRequests(path: '/delivery-requests' | '/customer/delivery-requests', query: ListQueryParams) {
  return useQuery({
    queryKey: deliveryKeys.requests.list(path, query),
    queryFn: ({ signal }) => api.get<Page<DeliveryRequestDto>>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryLocations(path: '/delivery-locations' | '/customer/delivery-locations') {
  return useQuery({ queryKey: deliveryKeys.locations.list(path), queryFn: ({ signal }) => api.get<DeliveryLocation[]>(path, { signal }) });
}

export function useDeliveryRequest(id: number) {
  return useQuery({
    queryKey: deliveryKeys.requests.one(id),
    queryFn: ({ signal }) => api.get<DeliveryRequestDto>(`/delivery-requests/${id}`, { signal }),
  });
}

export function useDrivers(enabled: boolean) {
  return useQuery({ queryKey: deliveryKeys.drivers, enabled, queryFn: ({ signal }) => api.get<Driver[]>('/delivery-drivers', { signal }) });
}

/** An image behind the bearer token (a proof of delivery) as an object URL for an <img>. */
export function useProofImage(path: string | null) {
  const query = useQuery({
    queryKey: deliveryKeys.proof(path),
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

/** After any change to a request: its lists and detail refresh (`packages` too when it moves packages). */
function useInvalidateDeliveries() {
  const qc = useQueryClient();
  return (packagesToo = false) => {
    void qc.invalidateQueries({ queryKey: deliveryKeys.requests.all });
    if (packagesToo) void qc.invalidateQueries({ queryKey: recordKeys.packages });
  };
}

/** The customer asks for their ready packages to be delivered. */
export function useCreateDeliveryRequest() {
  const invalidate = useInvalidateDeliveries();
  return useMutation({
    mutationFn: (body: CreateDeliveryRequestInput) => api.post<DeliveryRequestDto>('/customer/delivery-requests', body),
    onSuccess: () => invalidate(),
  });
}

export function useCancelDeliveryRequest() {
  const invalidate = useInvalidateDeliveries();
  return useMutation({
    mutationFn: (id: number) => api.post(`/customer/delivery-requests/${id}/cancel`),
    onSuccess: () => invalidate(),
  });
}

export type DeliveryStatusChange = {
  id: number;
  status: DeliveryRequestStatus;
  scheduledDate?: string;
  driverId?: number;
  stopOrder?: number;
  /** Why a request is cancelled, for the customer. */
  reason?: string;
} & ReleaseOverrideInput;

/** Staff move a request on (schedule, out for delivery, delivered, cancelled); `onDone` closes the dialog. */
export function useChangeDeliveryStatus(onDone: () => void) {
  const invalidate = useInvalidateDeliveries();
  return useMutation({
    mutationFn: ({ id, ...body }: DeliveryStatusChange) => api.post<DeliveryRequestDto>(`/delivery-requests/${id}/status`, body),
    onSuccess: () => {
      toast.success(DELIVERY_MESSAGES.statusChanged);
      invalidate(true);
      onDone();
    },
  });
}

/** The driver at the door: the photo first (when there is one), then the signature and who received. */
export function useDeliver(id: number) {
  const invalidate = useInvalidateDeliveries();
  return useMutation({
    mutationFn: async ({ input, photo }: { input: DeliverInput; photo: File | null }) => {
      if (photo) {
        const form = new FormData();
        form.append('photo', photo);
        await uploadForm<DeliveryRequestDto>(`/delivery-requests/${id}/photo`, form);
      }
      return api.post<DeliveryRequestDto>(`/delivery-requests/${id}/deliver`, input);
    },
    onSuccess: () => invalidate(),
  });
}

/** Creates a delivery location, or changes one when `id` is given. */
export function useSaveDeliveryLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DeliveryLocationInput }) =>
      id === null ? api.post<DeliveryLocation>('/delivery-locations', body) : api.put<DeliveryLocation>(`/delivery-locations/${id}`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deliveryKeys.locations.all }),
  });
}

export function useDeleteDeliveryLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/delivery-locations/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deliveryKeys.locations.all }),
  });
}
