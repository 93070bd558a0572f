import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentsPhotoState } from '@courier/shared/schemas/contents-photos';
import { api } from '@/lib/api-client';
import { recordKeys } from '@/lib/query-keys';
import { photoKeys } from './keys';

const path = (id: number, customer: boolean) => (customer ? `/customer/packages/${id}/contents-photo` : `/packages/${id}/contents-photo`);

/** A package's photo of contents: its price today and the live request (the customer's own, or the courier's staff). */
export function useContentsPhoto(id: number, customer: boolean) {
  return useQuery({
    queryKey: photoKeys.contentsPhoto(id, customer),
    queryFn: ({ signal }) => api.get<ContentsPhotoState>(path(id, customer), { signal }),
  });
}

/** After a change, the request, the photos and the package (its flag, its timeline) are read again. */
function useRefresh(id: number, customer: boolean) {
  const qc = useQueryClient();
  return (state: ContentsPhotoState) => {
    qc.setQueryData(photoKeys.contentsPhoto(id, customer), state);
    void qc.invalidateQueries({ queryKey: recordKeys.packageDetail(id, customer) });
    void qc.invalidateQueries({ queryKey: photoKeys.photos(id, customer) });
  };
}

/** The customer asks at the price they were shown. */
export function useRequestContentsPhoto(id: number) {
  const refresh = useRefresh(id, true);
  return useMutation({
    mutationFn: (feeCents: number) => api.post<ContentsPhotoState>(path(id, true), { feeCents }),
    onSuccess: refresh,
  });
}

/** The customer cancels before the photos are taken (free). */
export function useCancelContentsPhoto(id: number) {
  const refresh = useRefresh(id, true);
  return useMutation({ mutationFn: () => api.delete<ContentsPhotoState>(path(id, true)), onSuccess: refresh });
}

/** Staff took the photos: the request closes and the customer is told. */
export function useCompleteContentsPhoto(id: number) {
  const refresh = useRefresh(id, false);
  return useMutation({ mutationFn: () => api.post<ContentsPhotoState>(`${path(id, false)}/done`), onSuccess: refresh });
}
