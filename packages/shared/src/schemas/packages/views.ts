import { TARIFF_CLASSES } from '../../domain/customs';
import { z } from 'zod';
import { calendarDateSchema, courierListQuerySchema, rowTimeZoneSchema } from '../common';
import { HAZARD_CATEGORIES, HAZARD_LEVELS, HAZARD_OUTCOMES } from '../../constants/warehouse';
import { carrierSchema, packageStatusSchema, shippingModeSchema } from './fields';

// A package as the API answers it: its timeline, the lists and the detail.

export const packageEventSchema = z.object({
  id: z.number().int(),
  status: packageStatusSchema,
  fromStatus: packageStatusSchema.nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  branchName: z.string().nullable(),
  createdAt: z.string(),
});
export type PackageEvent = z.infer<typeof packageEventSchema>;

export const packageSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string().optional(),
  timeZone: rowTimeZoneSchema,
  packageNumber: z.string(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  status: packageStatusSchema,
  heldFrom: packageStatusSchema.nullable(),
  holdReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  mailboxNumber: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  /** The branch in Jamaica the parcel is at now (it may differ from where it is collected until a transfer brings it). */
  atBranchName: z.string().nullish(),
  preAlertId: z.number().int().nullable(),
  weightLb: z.number(),
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  mode: shippingModeSchema,
  manifestId: z.number().int().nullable(),
  manifestNumber: z.string().nullable(),
  declaredValueUsdCents: z.number().int().nullable(),
  description: z.string().nullable(),
  merchant: z.string().nullable(),
  hasInvoice: z.boolean(),
  /** The Shop For Me request whose order this is: the courier bought it, so that is its invoice. */
  shopRequestNo: z.string().nullable(),
  /** The customs class its duty goes by, chosen at receiving. */
  tariffClass: z.enum(TARIFF_CLASSES),
  assignedFromUnknown: z.boolean(),
  receivedAt: z.string(),
  readyAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  uncollectedSince: z.string().nullable(),
  /** Dangerous goods (null when none). */
  hazardLevel: z.enum(HAZARD_LEVELS).nullable(),
  hazardCategory: z.enum(HAZARD_CATEGORIES).nullable(),
  hazardNote: z.string().nullable(),
  hazardOutcome: z.enum(HAZARD_OUTCOMES).nullable(),
  hazardFeeCents: z.number().int().nullable(),
  /** Where the parcel sits in the warehouse. */
  shelfId: z.number().int().nullable(),
  shelfCode: z.string().nullable(),
  /** An open request of the customer for a photo of the contents (the station says so at the scan). */
  contentsPhotoAsked: z.boolean(),
  /** The mailbox and name as read off the label at receiving (Unknown Packages shows them). */
  labelMailbox: z.string().nullable(),
  labelName: z.string().nullable(),
  /** Piece n of count of its tracking number; `piecesIn` of them received so far. */
  pieceNumber: z.number().int(),
  pieceCount: z.number().int(),
  piecesIn: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The day it should be ready at the branch (YYYY-MM-DD), from its manifest and the courier's customs days (domain/arrival). */
  estimatedArrival: z.string().nullable().optional(),
});
export type PackageDto = z.infer<typeof packageSchema>;

/**
 * A row of the staff package list (`GET /packages`): what its table and the held-packages notice
 * show, not the whole package (a 50-row page went from 40 KB to about 14 KB before
 * compression). The detail dialog fetches the package itself; `?format=csv` still exports every
 * field of packageSchema.
 */
export const packageListItemSchema = packageSchema
  .pick({
    id: true,
    courierId: true,
    courierName: true,
    packageNumber: true,
    trackingNumber: true,
    status: true,
    holdReason: true,
    customerName: true,
    mailboxNumber: true,
    branchName: true,
    mode: true,
    manifestNumber: true,
    weightLb: true,
    receivedAt: true,
  })
  // Only the super admin's list of every courier names each row's zone: one courier's rows are all
  // in the screen's own zone, and 50 of them would carry 1.5 KB more for nothing.
  .extend({ timeZone: rowTimeZoneSchema.optional() });
export type PackageListItem = z.infer<typeof packageListItemSchema>;

export const packageDetailSchema = packageSchema.extend({
  events: z.array(packageEventSchema),
  nextStatuses: z.array(packageStatusSchema),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;
/** Extra filters of the staff package list beyond the DataTable's columns. */
export const packageListQuerySchema = courierListQuerySchema.extend({
  receivedFrom: calendarDateSchema().optional(),
  receivedTo: calendarDateSchema().optional(),
  /** Voided packages leave the lists unless asked for. */
  voided: z.enum(['true', 'false']).optional(),
});

export const uncollectedPackageSchema = packageSchema.extend({ daysWaiting: z.number().int() });

export const customerSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });
