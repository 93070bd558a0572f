import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';

export type CustomerArea = 'customers' | 'business-customers';

/** Every query key of customers (and business customers, the same records). */
export const customerKeys = {
  all: recordKeys.customers,
  list: (area: CustomerArea, query: ListQueryParams) => [...recordKeys.customers, area, query] as const,
  one: (area: CustomerArea, id: number) => [...recordKeys.customers, area, 'one', id] as const,
  /** The signed-in customer's people who may collect for them. */
  authorisedPeople: [...recordKeys.customers, 'authorised-people'] as const,
  /** Imported customers not yet invited to choose a password. */
  invitations: [...recordKeys.customers, 'invitations'] as const,
  /**
   * One customer's packages, invoices, payments... on their page: keyed under the list's own root
   * ('packages', 'invoices', ...) so the invalidations of those screens refresh these too.
   */
  activity: (path: string, customerId: number, query: ListQueryParams) => [path.slice(1), 'customer', customerId, query] as const,
};
