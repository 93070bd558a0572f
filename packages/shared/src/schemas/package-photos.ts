import { z } from 'zod';
import { queryIdSchema } from './common';

export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** A package keeps at most this many photos. */
export const PHOTOS_PER_PACKAGE = 10;
/** The stored photo's long side, and the thumbnail's. */
export const PHOTO_LONG_SIDE_PX = 1600;
export const PHOTO_THUMB_PX = 320;

export const PHOTO_MESSAGES = {
  missing: 'Choose a photo to upload',
  tooLarge: 'The photo is larger than 15 MB',
  wrongType: 'The photo must be a JPEG or PNG image',
  unreadable: 'This file is not a readable image',
  tooMany: `A package keeps at most ${PHOTOS_PER_PACKAGE} photos`,
  added: 'Photo added',
  notFound: 'Photo not found',
} as const;

export const packagePhotoSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  takenAt: z.string(),
  /** A check-in photo of the parcel, or a photo of its contents the customer asked for. */
  kind: z.enum(['parcel', 'contents']),
});
export type PackagePhoto = z.infer<typeof packagePhotoSchema>;

export const photoParamsSchema = z.object({ id: queryIdSchema, photoId: queryIdSchema });
export const photoUploadQuerySchema = z.object({ kind: z.enum(['parcel', 'contents']).default('parcel') });
export const photoSizeQuerySchema = z.object({ size: z.enum(['full', 'thumb']).default('full') });
