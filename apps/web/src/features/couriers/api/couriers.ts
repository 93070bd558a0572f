import { useMutation, useQuery } from '@tanstack/react-query';
import type { CourierCreateInput, CourierDetail, CourierUpdateInput } from '@courier/shared/schemas/platform';
import { api } from '@/lib/api-client';
import { keys, useInvalidate } from '@/lib/query-keys';

/** Couriers (super admin): one courier, create, update, status, SMTP security, API key (the options list: hooks/use-options). */
export const useCourierDetail = (id: number) =>
  useQuery({ queryKey: [...keys.couriers, 'one', id], queryFn: () => api.get<CourierDetail>(`/platform/couriers/${id}`) });
export function useCreateCourier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CourierCreateInput) => api.post<CourierDetail>('/platform/couriers', input),
    onSuccess: () => invalidate(keys.couriers, keys.dashboard),
  });
}
export function useUpdateCourier() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CourierUpdateInput }) => api.put<CourierDetail>(`/platform/couriers/${id}`, input),
    onSuccess: () => invalidate(keys.couriers),
  });
}
export function useSetCourierStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'suspended' }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/status`, { status }),
    onSuccess: () => invalidate(keys.couriers, keys.dashboard),
  });
}
export function useSetCourierSmtpSecurity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, allowInsecureSmtp }: { id: number; allowInsecureSmtp: boolean }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/smtp-security`, { allowInsecureSmtp }),
    onSuccess: () => invalidate(keys.couriers),
  });
}
export function useSetCourierPaymentTestMode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, paymentTestMode }: { id: number; paymentTestMode: boolean }) =>
      api.patch<CourierDetail>(`/platform/couriers/${id}/payment-test-mode`, { paymentTestMode }),
    onSuccess: () => invalidate(keys.couriers),
  });
}
export function useRotateApiKey() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<CourierDetail>(`/platform/couriers/${id}/api-key`),
    onSuccess: () => invalidate(keys.couriers),
  });
}
