import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, PublicSubmissionResponse } from '@courier/shared/schemas/public';
import { api } from '@/lib/api-client';

export function submitContactMessage(body: ContactRequest): Promise<PublicSubmissionResponse> {
  return api.post<PublicSubmissionResponse>('/public/contact', body, { sessionCall: false });
}

export function useSubmitContactMessage() {
  return useMutation({ mutationFn: submitContactMessage });
}
