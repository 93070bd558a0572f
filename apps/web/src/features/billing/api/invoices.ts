import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectInput,
  CustomsAssessmentInput,
  InvoiceDetail,
  InvoiceSummary,
  IssueInvoiceInput,
  VoidInvoiceInput,
} from '@courier/shared/schemas/billing';
import type { Page } from '@courier/shared/schemas/common';
import { api } from '@/lib/api-client';

type ListQuery = Record<string, string | number | undefined>;
export const invoicesKey = ['invoices'] as const;

export function useInvoices(query: ListQuery) {
  return useQuery({
    queryKey: [...invoicesKey, 'list', query],
    queryFn: ({ signal }) => api.get<Page<InvoiceSummary>>('/invoices', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(invoiceNo: string | null, courierId?: number) {
  return useQuery({
    queryKey: [...invoicesKey, 'detail', invoiceNo, courierId],
    queryFn: ({ signal }) => api.get<InvoiceDetail>(`/invoices/${encodeURIComponent(invoiceNo ?? '')}`, { query: { courierId }, signal }),
    enabled: invoiceNo !== null,
  });
}

/** Every billing screen shows money that one change can move: refresh them all. */
function useBillingMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: invoicesKey }),
        client.invalidateQueries({ queryKey: ['payments'] }),
        client.invalidateQueries({ queryKey: ['collections'] }),
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
    queryKey: [...invoicesKey, 'billable', customerId],
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
    queryKey: ['collections', 'list', search],
    queryFn: ({ signal }) => api.get<Collectable[]>('/collections', { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCollection(invoiceNo: string | null) {
  return useQuery({
    queryKey: ['collections', 'detail', invoiceNo],
    queryFn: ({ signal }) =>
      api.get<{ invoice: InvoiceDetail; canOverride: boolean }>(`/collections/${encodeURIComponent(invoiceNo ?? '')}`, { signal }),
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
    queryKey: [...invoicesKey, 'billable-customers', search],
    queryFn: ({ signal }) => api.get<BillableCustomer[]>('/invoices/billable-customers', { query: { search }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
