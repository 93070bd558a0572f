import { recordKeys } from '@/lib/query-keys';

/**
 * Every query key of photos (a package's photos, the photo of contents a customer may ask for).
 * They start from the packages root, so any change to a package refreshes its photos too.
 */
export const photoKeys = {
  photos: (id: number, customer: boolean) => [...recordKeys.packages, 'photos', id, customer] as const,
  photo: (id: number, photoId: number, size: 'thumb' | 'full', customer: boolean) =>
    [...recordKeys.packages, 'photos', id, customer, photoId, size] as const,
  /** The photo of contents a customer may ask for on one package. */
  contentsPhoto: (id: number, customer: boolean) => [...recordKeys.packages, 'contents-photo', id, customer] as const,
};
