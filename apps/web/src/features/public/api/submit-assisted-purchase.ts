import { useMutation } from '@tanstack/react-query';
import type { AssistedPurchaseRequest, PublicSubmissionResponse } from '@courier/shared/schemas/public';
import { api } from '@/lib/api-client';

export function submitAssistedPurchase(body: AssistedPurchaseRequest): Promise<PublicSubmissionResponse> {
  return api.post<PublicSubmissionResponse>('/public/assisted-purchase', body, { sessionCall: false });
}

export function useSubmitAssistedPurchase() {
  return useMutation({ mutationFn: submitAssistedPurchase });
}
