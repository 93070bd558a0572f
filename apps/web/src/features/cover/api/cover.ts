import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Claim, ClaimCreateInput, ClaimDecisionInput, ClaimStatus, PackageCover } from '@courier/shared/schemas/insurance';
import { api } from '@/lib/api-client';
import { fetchBlob } from '@/lib/download';
import { uploadForm } from '@/lib/upload';
import { recordKeys } from '@/lib/query-keys';
import { coverKeys } from './keys';

/** A package's insurance, claims and storage countdown (the customer's own, or staff's view). */
export function usePackageCover(id: number | null, customer: boolean) {
  return useQuery({
    queryKey: coverKeys.cover(id ?? 0, customer),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<PackageCover>(customer ? `/customer/packages/${id}/cover` : `/packages/${id}/cover`, { signal }),
  });
}

export function useSetInsurance(id: number, customer: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (insured: boolean) =>
      api.put<PackageCover>(customer ? `/customer/packages/${id}/insurance` : `/packages/${id}/insurance`, { insured }),
    onSuccess: (cover) => {
      qc.setQueryData(coverKeys.cover(id, customer), cover);
      // The premium changes what the parcel will cost.
      return qc.invalidateQueries({ queryKey: recordKeys.packageEstimate(id, customer) });
    },
  });
}

export function useInsureByDefault() {
  return useQuery({
    queryKey: coverKeys.insureByDefault,
    queryFn: ({ signal }) => api.get<{ insureByDefault: boolean; offered: boolean }>('/customer/insurance', { signal }),
  });
}

export function useSetInsureByDefault() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (insureByDefault: boolean) =>
      api.put<{ insureByDefault: boolean; offered: boolean }>('/customer/insurance', { insureByDefault }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKeys.packages }),
  });
}

/** The courier's insurance claims (staff), newest first; '' for every status. */
export function useInsuranceClaims(status: ClaimStatus | '') {
  return useQuery({
    queryKey: coverKeys.insuranceClaims(status),
    queryFn: ({ signal }) => api.get<{ data: Claim[] }>('/insurance-claims', { query: { status: status || undefined }, signal }),
  });
}

export function useOpenClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaimCreateInput) => api.post<Claim>('/insurance-claims', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKeys.packages }),
  });
}

export function useDecideClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ClaimDecisionInput }) => api.put<Claim>(`/insurance-claims/${id}/decision`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKeys.packages }),
  });
}

/** Adds a photo of the damage to an open claim (the server checks, shrinks and keeps it). */
export function useAddClaimPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, photo }: { claimId: number; photo: Blob }) => {
      const form = new FormData();
      form.append('photo', photo, 'photo.jpg');
      return uploadForm<{ id: number }>(`/insurance-claims/${claimId}/photos`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKeys.packages }),
  });
}

/** One claim photo as an object URL (the bytes need the bearer token). */
export function useClaimPhotoUrl(claimId: number, photoId: number) {
  return useQuery({
    queryKey: coverKeys.claimPhoto(claimId, photoId),
    queryFn: async () => URL.createObjectURL(await fetchBlob(`/insurance-claims/${claimId}/photos/${photoId}`, { size: 'thumb' })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}
