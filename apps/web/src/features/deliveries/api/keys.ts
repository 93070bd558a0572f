import type { ListQueryParams } from '@/lib/list-query';

/** Every query key of deliveries (requests, locations, drivers, proofs of delivery). */
export const deliveryKeys = {
  requests: {
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
};
