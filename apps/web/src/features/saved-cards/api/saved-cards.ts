import { useMutation, useQuery } from '@tanstack/react-query';
import type { PrepayInput, PrepayParcel, SaveCardInput, SavedCard, SavedCardsResponse } from '@courier/shared/schemas/saved-cards';
import { api } from '@/lib/api-client';
import { recordKeys, useInvalidate } from '@/lib/query-keys';
import { savedCardKeys } from './keys';

/** The customer's saved card, whether cards are offered, and the automatic charges. */
export function useSavedCards() {
  return useQuery({
    queryKey: savedCardKeys.list,
    queryFn: ({ signal }) => api.get<SavedCardsResponse>('/customer/saved-cards', { signal }),
  });
}

/** Starts the card check; the answer is where the browser goes for the bank's 3-D Secure step. */
export function useSaveCard() {
  return useMutation({
    mutationFn: (input: SaveCardInput) => api.post<{ challengeUrl: string }>('/customer/saved-cards', input),
  });
}

export function useRemoveCard() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/customer/saved-cards/${id}`),
    onSuccess: () => invalidate(savedCardKeys.all),
  });
}

export function useSetAutopay() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, autopay }: { id: number; autopay: boolean }) =>
      api.put<SavedCard>(`/customer/saved-cards/${id}/autopay`, { autopay }),
    onSuccess: () => invalidate(savedCardKeys.all),
  });
}

/** The customer's parcels on a manifest, with today's estimate or what was paid in advance. */
export function usePrepayParcels() {
  return useQuery({
    queryKey: savedCardKeys.prepay,
    queryFn: ({ signal }) => api.get<PrepayParcel[]>('/customer/prepayments', { signal }),
  });
}

/** Pays a parcel's estimate now with the saved card: a payment and a receipt, settled on its invoice later. */
export function usePrepay() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PrepayInput) =>
      api.post<{ receiptNo: string; amountCents: number; message: string }>('/customer/prepayments', input),
    onSuccess: () => invalidate(savedCardKeys.all, recordKeys.payments, recordKeys.invoices),
  });
}
