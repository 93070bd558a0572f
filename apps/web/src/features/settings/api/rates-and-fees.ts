import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdditionalFees,
  AdditionalFeesInput,
  ProcessingFee,
  ProcessingFeeInput,
  ShippingRate,
  ShippingRateInput,
} from '@courier/shared/schemas/settings';
import type { CustomsRateInput, FeeCreateInput, FeeList, FeeVersionInput } from '@courier/shared/schemas/fees';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useShippingRates() {
  return useQuery({
    queryKey: settingsKeys.shippingRates,
    queryFn: ({ signal }) => api.get<ShippingRate[]>('/settings/shipping-rates', { signal }),
  });
}

export function useSaveShippingRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ShippingRateInput }) =>
      id ? api.put<ShippingRate>(`/settings/shipping-rates/${id}`, input) : api.post<ShippingRate>('/settings/shipping-rates', input),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.shippingRates }),
  });
}

export function useDeleteShippingRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`/settings/shipping-rates/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.shippingRates }),
  });
}

export function useProcessingFees() {
  return useQuery({
    queryKey: settingsKeys.processingFees,
    queryFn: ({ signal }) => api.get<ProcessingFee[]>('/settings/processing-fees', { signal }),
  });
}

export function useSaveProcessingFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ProcessingFeeInput }) =>
      id ? api.put<ProcessingFee>(`/settings/processing-fees/${id}`, input) : api.post<ProcessingFee>('/settings/processing-fees', input),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.processingFees }),
  });
}

export function useDeleteProcessingFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`/settings/processing-fees/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.processingFees }),
  });
}

export function useAdditionalFees() {
  return useQuery({
    queryKey: settingsKeys.additionalFees,
    queryFn: ({ signal }) => api.get<AdditionalFees>('/settings/additional-fees', { signal }),
  });
}

export function useSaveAdditionalFees() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdditionalFeesInput) => api.put<AdditionalFees>('/settings/additional-fees', input),
    onSuccess: (data) => client.setQueryData(settingsKeys.additionalFees, data),
  });
}

export const feesKey = ['settings', 'fees'] as const;

/** The fee engine: every fee with its history, and the dated tax rates. */
export function useFees() {
  return useQuery({ queryKey: feesKey, queryFn: ({ signal }) => api.get<FeeList>('/settings/fees', { signal }) });
}

export function useCreateFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FeeCreateInput) => api.post<{ feeId: number; versionId: number }>('/settings/fees', input),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** The admin has looked over the fee book (fees, taxes, customs rates): the set-up checklist's step. */
export function useMarkFeesReviewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ reviewedAt: string }>('/settings/fees/reviewed', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** A new dated version of one customs rate, naming its source. */
export function useAddCustomsRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomsRateInput) => api.post<{ id: number }>('/settings/customs-rates', input),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

export function useAddFeeVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ feeId, input }: { feeId: number; input: FeeVersionInput }) =>
      api.post<{ feeId: number; versionId: number }>(`/settings/fees/${feeId}/versions`, input),
    // The Manage Shipping Fees and Processing Fees tabs show the same fees: refresh them too.
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
