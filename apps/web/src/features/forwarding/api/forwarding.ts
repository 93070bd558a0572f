import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopRequestStage } from '@courier/shared/constants/services';
import type {
  CompleteConsolidationInput,
  ConsolidationDto,
  ConsolidationPreview,
  CreateConsolidationInput,
  CustomerShopRequestInput,
  ServiceFees,
  ShopPurchaseInput,
  ShopQuoteInput,
  ShopRequestDto,
} from '@courier/shared/schemas/services';
import { api } from '@/lib/api-client';
import { recordKeys } from '@/lib/query-keys';
import { forwardingKeys } from './keys';

type ConsolidationList = { data: ConsolidationDto[]; feeCents: number };

export function useConsolidations(scope: 'customer' | 'staff', query: Record<string, string | undefined> = {}, enabled = true) {
  return useQuery({
    queryKey: forwardingKeys.consolidations(scope, query),
    enabled,
    queryFn: ({ signal }) =>
      api.get<ConsolidationList>(scope === 'customer' ? '/customer/consolidations' : '/consolidations', { query, signal }),
  });
}

function useForwardingMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: forwardingKeys.all });
      // A repack or a cancel changes the customer's and the station's package lists.
      void qc.invalidateQueries({ queryKey: recordKeys.packages });
    },
  });
}

/** What consolidating these packages does to customs and fees, asked once at least two are chosen. */
export function useConsolidationPreview(packageIds: number[]) {
  return useQuery({
    queryKey: forwardingKeys.preview(packageIds),
    enabled: packageIds.length >= 2,
    queryFn: ({ signal }) =>
      api.post<ConsolidationPreview>('/customer/consolidations/preview', { packageIds: forwardingKeys.preview(packageIds)[2] }, { signal }),
  });
}

export const useRequestConsolidation = () =>
  useForwardingMutation((input: CreateConsolidationInput) => api.post<ConsolidationDto>('/customer/consolidations', input));

export const useCancelConsolidation = (scope: 'customer' | 'staff') =>
  useForwardingMutation((id: number) =>
    api.post<ConsolidationDto>(scope === 'customer' ? `/customer/consolidations/${id}/cancel` : `/consolidations/${id}/cancel`),
  );

export const useCompleteConsolidation = () =>
  useForwardingMutation(({ id, ...input }: CompleteConsolidationInput & { id: number }) =>
    api.post<ConsolidationDto>(`/consolidations/${id}/complete`, input),
  );

export function useShopRequests(scope: 'customer' | 'staff', stage?: ShopRequestStage) {
  return useQuery({
    queryKey: forwardingKeys.shopRequests(scope, stage),
    queryFn: ({ signal }) =>
      api.get<{ data: ShopRequestDto[] }>(scope === 'customer' ? '/customer/shop-requests' : '/shop-requests', {
        query: scope === 'staff' && stage ? { stage } : {},
        signal,
      }),
  });
}

export function useShopRequest(scope: 'customer' | 'staff', id: number | null) {
  return useQuery({
    queryKey: forwardingKeys.shopRequest(scope, id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<ShopRequestDto>(scope === 'customer' ? `/customer/shop-requests/${id}` : `/shop-requests/${id}`, { signal }),
  });
}

export const useCreateShopRequest = () =>
  useForwardingMutation((input: CustomerShopRequestInput) => api.post<ShopRequestDto>('/customer/shop-requests', input));

export const useDecideShopRequest = () =>
  useForwardingMutation(({ id, ...body }: { id: number; decision: 'accept' | 'decline'; reason?: string }) =>
    api.post<ShopRequestDto>(`/customer/shop-requests/${id}/decision`, body),
  );

export const useQuoteShopRequest = () =>
  useForwardingMutation(({ id, ...body }: ShopQuoteInput & { id: number }) => api.post<ShopRequestDto>(`/shop-requests/${id}/quote`, body));

export const useRecordShopPurchase = () =>
  useForwardingMutation(({ id, ...body }: ShopPurchaseInput & { id: number }) =>
    api.post<ShopRequestDto>(`/shop-requests/${id}/purchase`, body),
  );

export function useServiceFees(enabled = true) {
  return useQuery({ queryKey: forwardingKeys.fees, enabled, queryFn: ({ signal }) => api.get<ServiceFees>('/service-fees', { signal }) });
}
