import { useQuery } from '@tanstack/react-query';
import type { PackageEstimate } from '@courier/shared/schemas/package-estimate';
import { api } from '@/lib/api-client';
import { packageKeys } from './keys';

/** A package's billable weight and estimated charges (the customer's own, or staff's view). */
export function usePackageEstimate(id: number | null, customer: boolean) {
  return useQuery({
    queryKey: packageKeys.estimate(id ?? 0, customer),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get<PackageEstimate>(customer ? `/customer/packages/${id}/estimate` : `/packages/${id}/estimate`, { signal }),
  });
}
