import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackagePhoto } from '@courier/shared/schemas/package-photos';
import { api } from '@/lib/api-client';
import { fetchBlob } from '@/lib/download';
import { uploadForm } from '@/lib/upload';
import { photoKeys } from './keys';

const base = (id: number, customer: boolean) => (customer ? `/customer/packages/${id}/photos` : `/packages/${id}/photos`);

/** A package's photos (staff: any of the courier's; customer: their own package's). */
export function usePackagePhotos(id: number, customer = false) {
  return useQuery({
    queryKey: photoKeys.photos(id, customer),
    queryFn: ({ signal }) => api.get<PackagePhoto[]>(base(id, customer), { signal }),
  });
}

/** One photo as an object URL (the bytes need the bearer token, so no plain <img src>). */
export function usePhotoUrl(id: number, photoId: number, size: 'thumb' | 'full', customer = false) {
  return useQuery({
    queryKey: photoKeys.photo(id, photoId, size, customer),
    queryFn: async () => URL.createObjectURL(await fetchBlob(`${base(id, customer)}/${photoId}`, { size })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}

/** Uploads one photo to a package (the server checks, shrinks and keeps it): of the parcel, or of its contents. */
export function uploadPackagePhoto(id: number, photo: Blob, kind: PackagePhoto['kind'] = 'parcel') {
  const form = new FormData();
  form.append('photo', photo, 'photo.jpg');
  return uploadForm<PackagePhoto>(`/packages/${id}/photos${kind === 'contents' ? '?kind=contents' : ''}`, form);
}

export function useUploadPhoto(id: number, kind: PackagePhoto['kind'] = 'parcel') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob) => uploadPackagePhoto(id, photo, kind),
    onSuccess: () => void qc.invalidateQueries({ queryKey: photoKeys.photos(id, false) }),
  });
}
