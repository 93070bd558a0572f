import type { ListQueryParams } from '@/lib/list-query';

/**
 * Every query key of billing (invoices, payments and tills, collections, online payments, reports).
 * Hooks and invalidations build keys only here.
 */
export const billingKeys = {
  invoices: {
    all: ['invoices'] as const,
    list: (query: ListQueryParams) => ['invoices', 'list', query] as const,
    detail: (invoiceNo: string | null, courierId?: number) => ['invoices', 'detail', invoiceNo, courierId] as const,
    billable: (customerId: number | null) => ['invoices', 'billable', customerId] as const,
    billableCustomers: (search: string) => ['invoices', 'billable-customers', search] as const,
    /** Under the invoices key, so every billing change refreshes them. */
    refunds: (invoiceNo: string, courierId?: number) => ['invoices', 'refunds', invoiceNo, courierId] as const,
  },
  payments: {
    all: ['payments'] as const,
    list: (query: ListQueryParams) => ['payments', 'list', query] as const,
    cashUps: ['payments', 'cash-up'] as const,
    cashUp: (branchId: number | null, date: string) => ['payments', 'cash-up', branchId, date] as const,
  },
  collections: {
    all: ['collections'] as const,
    list: (search: string) => ['collections', 'list', search] as const,
    detail: (invoiceNo: string | null) => ['collections', 'detail', invoiceNo] as const,
  },
  onlinePaymentAvailability: ['online-payments', 'availability'] as const,
  report: (range: object) => ['reports', range] as const,
  rates: ['billing', 'rates'] as const,
};
