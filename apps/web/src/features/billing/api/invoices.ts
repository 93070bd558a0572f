import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectInput,
  CustomsAssessmentInput,
  CollectionView,
  InvoiceDetail,
  InvoiceSummary,
  IssueInvoiceInput,
  VoidInvoiceInput,
} from '@courier/shared/schemas/billing';
import type { Page } from '@courier/shared/schemas/common';
import { api } from '@/lib/api-client';

import type { ListQueryParams } from '@/lib/list-query';
import { billingKeys } from './keys';
import { recordKeys } from '@/lib/query-keys';

export function useInvoices(query: ListQueryParams) {
  return useQuery({
    queryKey: billingKeys.invoices.list(query),
    queryFn: ({ signal }) => api.get<Page<InvoiceSummary>>('/invoices', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(invoiceNo: string | null, courierId?: number) {
  return useQuery({
    queryKey: billingKeys.invoices.detail(invoiceNo, courierId),
    queryFn: ({ signal }) => api.get<InvoiceDetail>(`/invoices/${encodeURIComponent(invoiceNo ?? '')}`, { query: { courierId }, signal }),
    enabled: invoiceNo !== null,
  });
}

/** Every billing screen shows money that one change can move: refresh them all. */
export function useBillingMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: billingKeys.invoices.all }),
        client.invalidateQueries({ queryKey: billingKeys.payments.all }),
        client.invalidateQueries({ queryKey: billingKeys.collections.all }),
        // A payment by account credit, or a refund to it, moves the customer's credit.
        client.invalidateQueries({ queryKey: recordKeys.accountCredit }),
      ]);
    },
  });
}

interface Issued {
  invoiceNo: string;
  totalCents: number;
  message: string;
}

export const useIssueInvoice = () => useBillingMutation((input: IssueInvoiceInput) => api.post<Issued>('/invoices', input));

export const useVoidInvoice = (invoiceNo: string, courierId?: number) =>
  useBillingMutation((input: VoidInvoiceInput) =>
    api.post<{ message: string }>(`/invoices/${encodeURIComponent(invoiceNo)}/void`, input, { query: { courierId } }),
  );

export const useReissueInvoice = (invoiceNo: string, courierId?: number) =>
  useBillingMutation(() => api.post<Issued>(`/invoices/${encodeURIComponent(invoiceNo)}/reissue`, undefined, { query: { courierId } }));

export const useCustomsAssessment = (invoiceNo: string, courierId?: number) =>
  useBillingMutation((input: CustomsAssessmentInput) =>
    api.put<{ message: string }>(`/invoices/${encodeURIComponent(invoiceNo)}/customs`, input, { query: { courierId } }),
  );

export interface BillablePackage {
  id: number;
  packageNumber: string;
  trackingNumber: string;
  description: string | null;
  weightLb: number;
  readyAt: string | null;
}

export function useBillablePackages(customerId: number | null) {
  return useQuery({
    queryKey: billingKeys.invoices.billable(customerId),
    queryFn: ({ signal }) => api.get<BillablePackage[]>('/invoices/billable-packages', { query: { customerId: customerId ?? 0 }, signal }),
    enabled: customerId !== null,
  });
}

export interface Collectable {
  invoiceNo: string;
  customerName: string;
  mailboxNumber: string;
  status: InvoiceSummary['status'];
  balanceCents: number;
  readyCount: number;
}

export function useCollectable(search: string) {
  return useQuery({
    queryKey: billingKeys.collections.list(search),
    queryFn: ({ signal }) => api.get<Collectable[]>('/collections', { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Looks up the invoices a scan names (label, tracking, mailbox or invoice number), through the same cache as the list. */
export function useFindCollectable() {
  const client = useQueryClient();
  return (search: string) =>
    client.fetchQuery({
      queryKey: billingKeys.collections.list(search),
      queryFn: ({ signal }) => api.get<Collectable[]>('/collections', { query: { search }, signal }),
    });
}

export function useCollection(invoiceNo: string | null) {
  return useQuery({
    queryKey: billingKeys.collections.detail(invoiceNo),
    queryFn: ({ signal }) => api.get<CollectionView>(`/collections/${encodeURIComponent(invoiceNo ?? '')}`, { signal }),
    enabled: invoiceNo !== null,
  });
}

export const useCollect = (invoiceNo: string) =>
  useBillingMutation((input: CollectInput) =>
    api.post<{ delivered: number; message: string }>(`/collections/${encodeURIComponent(invoiceNo)}`, input),
  );

export interface BillableCustomer {
  customerId: number;
  customerName: string;
  mailboxNumber: string;
  packageCount: number;
}

export function useBillableCustomers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.invoices.billableCustomers(search),
    queryFn: ({ signal }) => api.get<BillableCustomer[]>('/invoices/billable-customers', { query: { search }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
