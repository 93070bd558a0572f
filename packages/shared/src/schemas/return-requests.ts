import { z } from 'zod';
import { LEAVING_KINDS, type LeavingKind } from '../domain/package-status';
import { formatMoney } from '../format/money';

/**
 * A customer's request that a parcel be returned to the sender or discarded instead of forwarded:
 * the courier's fee is shown before they confirm; staff record what was done (a return with its
 * tracking number, or the discard), the parcel's status ends there and the fee is invoiced once.
 */

/** What a return or a discard costs a courier that has not set its own fee (JMD cents). */
export const RETURN_DEFAULTS: Record<LeavingKind, { cents: number; name: string }> = {
  return: { cents: 2_000_00, name: 'Return to sender' },
  discard: { cents: 500_00, name: 'Discard' },
};
/** The fee engine's code for each. */
export const LEAVING_FEE_CODE = { return: 'return_to_sender', discard: 'discard' } as const;

export const LEAVING_LABELS: Record<LeavingKind, string> = { return: 'Return to sender', discard: 'Discard' };

export const RETURN_REQUEST_STATUSES = ['open', 'done', 'cancelled'] as const;
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number];

export const RETURN_MESSAGES = {
  notHere: (packageNumber: string) => `${packageNumber} is not waiting at our warehouse: it can no longer be returned or discarded`,
  alreadyAsked: 'A return or discard was already asked for on this package',
  priceChanged: (fee: number) => `The price is now ${formatMoney(fee)}: please confirm again`,
  noneOpen: 'No return or discard is waiting on this package',
  tooLateToCancel: 'It was already done: the request can no longer be cancelled',
  trackingRequired: 'Enter the tracking number the parcel was sent back with',
  onManifest: (packageNumber: string, manifest: string) => `${packageNumber} is on manifest ${manifest}: take it off the manifest first`,
  onManifestOfRequest: (packageNumber: string) => `${packageNumber}: the customer asked for it to be returned or discarded; it cannot ship`,
  requested: { return: 'Return to sender requested', discard: 'Discard requested' } as Record<LeavingKind, string>,
  cancelled: 'Request cancelled: nothing is charged',
  done: { return: 'Recorded: returned to the sender', discard: 'Recorded: discarded' } as Record<LeavingKind, string>,
} as const;

export const returnRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEAVING_KINDS),
  status: z.enum(RETURN_REQUEST_STATUSES),
  feeCents: z.number().int(),
  feeName: z.string(),
  note: z.string().nullable(),
  requestedAt: z.string(),
  doneAt: z.string().nullable(),
  returnTrackingNumber: z.string().nullable(),
  staffNote: z.string().nullable(),
  invoiceNo: z.string().nullable(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

const priceSchema = z.object({ feeCents: z.number().int(), feeName: z.string() });

/** A package's return or discard: today's prices, whether the customer may ask, and the live request. */
export const returnStateSchema = z.object({
  prices: z.object({ return: priceSchema, discard: priceSchema }),
  canRequest: z.boolean(),
  request: returnRequestSchema.nullable(),
});
export type ReturnState = z.infer<typeof returnStateSchema>;

/** The customer asks, confirming the price they were shown. */
export const requestReturnSchema = z.strictObject({
  kind: z.enum(LEAVING_KINDS, { error: 'Choose return to sender or discard' }),
  feeCents: z.number().int().min(0).max(100_000_000),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type RequestReturnInput = z.input<typeof requestReturnSchema>;

/** Staff record what was done: a return needs the tracking number it went back with. */
export const completeReturnSchema = z.strictObject({
  returnTrackingNumber: z.string().trim().max(60, 'At most 60 characters').optional(),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type CompleteReturnInput = z.input<typeof completeReturnSchema>;

/** A row of the staff queue. */
export const returnQueueRowSchema = returnRequestSchema.extend({
  packageId: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  packageStatus: z.string(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  manifestNumber: z.string().nullable(),
  /** The courier's time zone, for the dates. */
  timeZone: z.string(),
});
export type ReturnQueueRow = z.infer<typeof returnQueueRowSchema>;
export const returnQueueQuerySchema = z.object({ status: z.enum(['open', 'done']).default('open') });
