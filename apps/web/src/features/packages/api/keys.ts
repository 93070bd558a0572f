import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';

/**
 * Every query key of the packages feature (packages, unknown claims, returns). Hooks and
 * invalidations build keys only here; `all` refreshes every package's lists, details and panels
 * (cover and photos start their keys from the same root).
 */
export const packageKeys = {
  all: recordKeys.packages,
  list: (scope: string, query: ListQueryParams) => [...recordKeys.packages, scope, query] as const,
  detail: recordKeys.packageDetail,
  /** The courier's customs rates in force, for the tariff class chosen at receiving. */
  dutyRates: [...recordKeys.packages, 'duty-rates'] as const,
  /** Billable weight and estimated charges of one package before it is invoiced. */
  estimate: recordKeys.packageEstimate,
  /** The return to sender or discard a customer may ask for on one package, and the staff queue of them. */
  returnRequest: (id: number, customer: boolean) => [...recordKeys.packages, 'return', id, customer] as const,
  returnQueue: (status: string) => [...recordKeys.packages, 'return-queue', status] as const,
  customers: (q?: string) =>
    q === undefined ? ([...recordKeys.packages, 'customers'] as const) : ([...recordKeys.packages, 'customers', q] as const),
  uncollected: (query: ListQueryParams) => [...recordKeys.packages, 'uncollected', query] as const,
  claims: (query: ListQueryParams) => [...recordKeys.packages, 'claims', query] as const,
};
