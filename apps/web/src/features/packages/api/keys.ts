import type { ListQueryParams } from '@/lib/list-query';

/**
 * Every query key of the packages feature (packages, manifests, deliveries, pre-alerts). Hooks and
 * invalidations build keys only here; a family's `all` refreshes its lists, details and options.
 */
export const packageKeys = {
  all: ['packages'] as const,
  list: (scope: string, query: ListQueryParams) => ['packages', scope, query] as const,
  detail: (id: number, customer: boolean) => ['packages', 'detail', id, customer] as const,
  /** Insurance, claims and storage of one package. */
  cover: (id: number, customer: boolean) => ['packages', 'cover', id, customer] as const,
  insureByDefault: ['packages', 'insure-by-default'] as const,
  photos: (id: number, customer: boolean) => ['packages', 'photos', id, customer] as const,
  /** The photo of contents a customer may ask for on one package. */
  contentsPhoto: (id: number, customer: boolean) => ['packages', 'contents-photo', id, customer] as const,
  photo: (id: number, photoId: number, size: 'thumb' | 'full', customer: boolean) =>
    ['packages', 'photos', id, customer, photoId, size] as const,
  customers: (q?: string) => (q === undefined ? (['packages', 'customers'] as const) : (['packages', 'customers', q] as const)),
  uncollected: (query: ListQueryParams) => ['packages', 'uncollected', query] as const,
  claims: (query: ListQueryParams) => ['packages', 'claims', query] as const,
  manifests: {
    all: ['manifests'] as const,
    list: (query: ListQueryParams) => ['manifests', 'list', query] as const,
    detail: (id: number | null) => ['manifests', 'detail', id] as const,
    reconciliation: (id: number | null) => ['manifests', 'reconciliation', id] as const,
  },
  deliveries: {
    all: ['delivery-requests'] as const,
    list: (path: string, query: ListQueryParams) => ['delivery-requests', path, query] as const,
    one: (id: number) => ['delivery-requests', 'one', id] as const,
  },
  locations: {
    all: ['delivery-locations'] as const,
    list: (path: string) => ['delivery-locations', path] as const,
  },
  drivers: ['delivery-drivers'] as const,
  proof: (path: string | null) => ['delivery-proof', path] as const,
  warehouse: {
    all: ['warehouse'] as const,
    shelves: ['warehouse', 'shelves'] as const,
    printers: ['warehouse', 'printers'] as const,
  },
  preAlerts: {
    all: ['pre-alerts'] as const,
    own: (query: ListQueryParams) => ['pre-alerts', 'own', query] as const,
  },
};
