import type { ShippingMode } from '@courier/shared/constants/packages';
import type { ListQueryParams } from '@/lib/list-query';
import { recordKeys } from '@/lib/query-keys';

/** Every query key of manifests; `all` refreshes their lists, details and reconciliations. */
export const manifestKeys = {
  all: recordKeys.manifests,
  list: (query: ListQueryParams) => [...recordKeys.manifests, 'list', query] as const,
  detail: (id: number | null) => [...recordKeys.manifests, 'detail', id] as const,
  reconciliation: (id: number | null) => [...recordKeys.manifests, 'reconciliation', id] as const,
  /** The packages of a mode held at the warehouse: under the packages root, so a release refreshes them. */
  held: (mode: ShippingMode) => [...recordKeys.packages, 'held', mode] as const,
};
