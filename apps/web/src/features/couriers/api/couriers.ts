import { useMutation, useQuery } from '@tanstack/react-query';
import type { CourierCreateInput, CourierDetail, CourierUpdateInput } from '@courier/shared/schemas/platform';
import { api } from '@/lib/api-client';
import type { CourierSummary } from '@courier/shared/schemas/platform';
import type { ListQueryParams } from '@/lib/list-query';
import { usePage } from '@/lib/list-query';
import { recordKeys, useInvalidate } from '@/lib/query-keys';
import { courierKeys } from './keys';

/** Couriers (super admin): one courier, create, update, status, SMTP security, API key (the options list: hooks/use-options). */
export const useCourierPage = (query: ListQueryParams) => usePage<CourierSummary>(courierKeys.list(query), '/platform/couriers', query);
export const useCourierDetail = (id: number) =>
  useQuery({ queryKey: courierKeys.one(id), queryFn: () => api.get<CourierDetail>(`/platform/couriers/${id}`) });
export function useCreateCourier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CourierCreateInput) => api.post<CourierDetail>('/platform/couriers', input),
    onSuccess: () => invalidate(courierKeys.all, recordKeys.dashboard),
  });
}
export function useUpdateCourier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CourierUpdateInput }) => api.put<CourierDetail>(`/platform/couriers/${id}`, input),
    onSuccess: () => invalidate(courierKeys.all),
  });
}
export function useSetCourierStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'suspended' }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/status`, { status }),
    onSuccess: () => invalidate(courierKeys.all, recordKeys.dashboard),
  });
}
export function useSetCourierSmtpSecurity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, allowInsecureSmtp }: { id: number; allowInsecureSmtp: boolean }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/smtp-security`, { allowInsecureSmtp }),
    onSuccess: () => invalidate(courierKeys.all),
  });
}
export function useSetCourierPaymentTestMode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, paymentTestMode }: { id: number; paymentTestMode: boolean }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/payment-test-mode`, { paymentTestMode }),
    onSuccess: () => invalidate(courierKeys.all),
  });
}
export function useRotateApiKey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<CourierDetail>(`/platform/couriers/${id}/api-key`),
    onSuccess: () => invalidate(courierKeys.all),
  });
}
