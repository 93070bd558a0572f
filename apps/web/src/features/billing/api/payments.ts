import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashUpExpected, CorrectCashUpInput, Payment, RecordCashUpInput, RecordPaymentInput } from '@courier/shared/schemas/billing';
import type { Page } from '@courier/shared/schemas/common';
import { api } from '@/lib/api-client';

import type { ListQueryParams } from '@/lib/list-query';
import { useBillingMutation } from './invoices';
import { billingKeys } from './keys';

export function usePayments(query: ListQueryParams) {
  return useQuery({
    queryKey: billingKeys.payments.list(query),
    queryFn: ({ signal }) => api.get<Page<Payment>>('/payments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Records a payment; `courierId` is the invoice's courier, which the super admin must name. */
export const useRecordPayment = (courierId?: number) =>
  useBillingMutation((input: RecordPaymentInput) =>
    api.post<{ receiptNo: string; amountCents: number; changeCents: number | null; message: string }>('/payments', input, {
      query: { courierId },
    }),
  );

export function useCashUp(branchId: number | null, date: string) {
  return useQuery({
    queryKey: billingKeys.payments.cashUp(branchId, date),
    queryFn: ({ signal }) => api.get<CashUpExpected>('/payments/cash-up', { query: { branchId: branchId ?? 0, date }, signal }),
    enabled: branchId !== null,
  });
}

export function useCorrectCashUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CorrectCashUpInput) => api.post<CashUpExpected>('/payments/cash-up/corrections', input),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.payments.cashUps }),
  });
}

export function useRecordCashUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordCashUpInput) => api.post<CashUpExpected>('/payments/cash-up', input),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.payments.cashUps }),
  });
}

/** Places a payment that is on no till on a branch's till (audited; once). */
export function usePlaceOnTill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ receiptNo, branchId }: { receiptNo: string; branchId: number }) =>
      api.post<{ receiptNo: string; branchId: number; message: string }>(`/payments/${encodeURIComponent(receiptNo)}/till`, { branchId }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.payments.all }),
  });
}
