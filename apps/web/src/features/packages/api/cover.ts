import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Claim, ClaimCreateInput, ClaimDecisionInput, PackageCover } from '@courier/shared/schemas/insurance';
import { api } from '@/lib/api-client';
import { packageKeys } from './keys';

/** A package's insurance, claims and storage countdown (the customer's own, or staff's view). */
export function usePackageCover(id: number | null, customer: boolean) {
  return useQuery({
    queryKey: packageKeys.cover(id ?? 0, customer),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<PackageCover>(customer ? `/customer/packages/${id}/cover` : `/packages/${id}/cover`, { signal }),
  });
}

export function useSetInsurance(id: number, customer: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (insured: boolean) =>
      api.put<PackageCover>(customer ? `/customer/packages/${id}/insurance` : `/packages/${id}/insurance`, { insured }),
    onSuccess: (cover) => qc.setQueryData(packageKeys.cover(id, customer), cover),
  });
}

export function useInsureByDefault() {
  return useQuery({
    queryKey: packageKeys.insureByDefault,
    queryFn: ({ signal }) => api.get<{ insureByDefault: boolean; offered: boolean }>('/customer/insurance', { signal }),
  });
}

export function useSetInsureByDefault() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (insureByDefault: boolean) =>
      api.put<{ insureByDefault: boolean; offered: boolean }>('/customer/insurance', { insureByDefault }),
    onSuccess: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}

export function useOpenClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaimCreateInput) => api.post<Claim>('/insurance-claims', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}

export function useDecideClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ClaimDecisionInput }) => api.put<Claim>(`/insurance-claims/${id}/decision`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
