import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@courier/shared/schemas/common';
import type { AssistedPurchaseRecord } from '@courier/shared/schemas/public';
import { api } from '@/lib/api-client';

import { publicKeys } from './keys';

export function getAssistedPurchaseRequests(page: number, limit: number): Promise<Page<AssistedPurchaseRecord>> {
  return api.get<Page<AssistedPurchaseRecord>>('/assisted-purchase-requests', { query: { page, limit } });
}

export function useAssistedPurchaseRequests(page: number, limit: number) {
  return useQuery({
    queryKey: publicKeys.assistedPurchaseRequests(page, limit),
    queryFn: () => getAssistedPurchaseRequests(page, limit),
    placeholderData: keepPreviousData,
  });
}
