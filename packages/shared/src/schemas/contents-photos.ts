import { z } from 'zod';
import { formatMoney } from '../format/money';

/**
 * A photo of a parcel's contents, a paid extra the customer asks for while the parcel is with us:
 * the fee is shown before they confirm and goes on the package's invoice once staff took it; the
 * customer may cancel (free) until then.
 */

/** What a photo of contents costs a courier that has not set its own fee (JMD cents). */
export const CONTENTS_PHOTO_DEFAULT_CENTS = 50_000;
export const CONTENTS_PHOTO_DEFAULT_NAME = 'Photo of contents';

export const CONTENTS_PHOTO_STATUSES = ['open', 'done', 'cancelled'] as const;
export type ContentsPhotoStatus = (typeof CONTENTS_PHOTO_STATUSES)[number];

export const CONTENTS_PHOTO_MESSAGES = {
  notHere: (packageNumber: string) => `${packageNumber} is not at our warehouse: a photo of its contents can no longer be taken`,
  alreadyAsked: 'A photo of the contents was already asked for on this package',
  alreadyTaken: 'The photos of the contents were already taken',
  priceChanged: (fee: number) => `The price is now ${formatMoney(fee)}: please confirm again`,
  noneOpen: 'No photo of the contents is waiting on this package',
  tooLateToCancel: 'The photos were already taken: the request can no longer be cancelled',
  noPhotoYet: 'Add at least one photo of the contents first',
  contentsNotAsked: 'The customer has not asked for a photo of the contents',
  requested: 'Photo of contents requested',
  cancelled: 'Request cancelled: nothing is charged',
  done: 'Photos of the contents sent to the customer',
  /** The station's notice when the parcel is scanned. */
  stationNotice: (packageNumber: string) =>
    `Photo of contents requested: open ${packageNumber}, photograph what is inside, and mark it done on the package`,
} as const;

export const contentsPhotoRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONTENTS_PHOTO_STATUSES),
  feeCents: z.number().int(),
  feeName: z.string(),
  requestedAt: z.string(),
  doneAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type ContentsPhotoRequest = z.infer<typeof contentsPhotoRequestSchema>;

/** A package's photo of contents: the price today, whether it may be asked for, and the live request. */
export const contentsPhotoStateSchema = z.object({
  feeCents: z.number().int(),
  feeName: z.string(),
  canRequest: z.boolean(),
  request: contentsPhotoRequestSchema.nullable(),
});
export type ContentsPhotoState = z.infer<typeof contentsPhotoStateSchema>;

/** The customer confirms the price they were shown. */
export const requestContentsPhotoSchema = z.strictObject({ feeCents: z.number().int().min(0).max(100_000_000) });
