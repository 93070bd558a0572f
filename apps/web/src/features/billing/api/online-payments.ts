import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvoiceRefund, RefundInput } from '@courier/shared/schemas/online-payments';
import { api } from '@/lib/api-client';
import { useBillingMutation } from './invoices';
import { billingKeys } from './keys';

/** Whether the customer's courier takes card payments online (its WiPay account, or the test gateway in test mode). */
export function useOnlinePaymentAvailability(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.onlinePaymentAvailability,
    queryFn: ({ signal }) => api.get<{ available: boolean; test: boolean }>('/online-payments/availability', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** "Pay now": the server opens the checkout at the gateway and answers where to send the browser. */
export function usePayOnline(invoiceNo: string) {
  return useMutation({
    mutationFn: () => api.post<{ redirectUrl: string }>(`/invoices/${encodeURIComponent(invoiceNo)}/pay-online`),
  });
}

export const useRefundPayment = (courierId?: number) =>
  useBillingMutation(({ receiptNo, ...input }: RefundInput & { receiptNo: string }) =>
    api.post<{ creditNoteNo: string; invoiceNo: string; balanceCents: number; message: string }>(
      `/payments/${encodeURIComponent(receiptNo)}/refunds`,
      input,
      { query: { courierId } },
    ),
  );

/** Refunds made on an invoice; every billing change refreshes them. */
export function useInvoiceRefunds(invoiceNo: string, courierId?: number) {
  return useQuery({
    queryKey: billingKeys.invoices.refunds(invoiceNo, courierId),
    queryFn: ({ signal }) =>
      api.get<InvoiceRefund[]>(`/invoices/${encodeURIComponent(invoiceNo)}/refunds`, { query: { courierId }, signal }),
  });
}
