import { MAX_CUSTOMS_DAYS } from '../domain/arrival';
import { z } from 'zod';
import { CARRIERS, CLAIM_STATUSES, PACKAGE_STATUSES, PRE_ALERT_STATUSES, SHIPPING_MODES } from '../constants/packages';
import { calendarDateSchema, courierListQuerySchema, idSchema, rowTimeZoneSchema } from './common';
import { SCAN_KINDS, SCAN_MESSAGES, scanProblem } from '../domain/scan';
import { releaseOverrideFields } from './release';
import { HAZARD_CATEGORIES, HAZARD_LEVELS, HAZARD_OUTCOMES } from '../constants/warehouse';

/**
 * Packages, pre-alerts and unknown-package claims (DOMAIN.md). The spec shows none of these
 * screens, so the wording is ours; it lives here so the forms and the API say the same thing.
 */
export const PACKAGE_MESSAGES = {
  packageNotFound: 'Package not found',
  preAlertNotFound: 'Pre-alert not found',
  claimNotFound: 'Claim not found',
  customerNotFound: 'No customer has that mailbox number',
  trackingRequired: 'Please enter the tracking number',
  trackingTooLong: 'The tracking number is too long',
  trackingShape: 'A tracking number has only letters, digits, spaces and dashes',
  weightRequired: 'Please enter the weight',
  weightPositive: 'The weight must be more than 0 lb',
  weightMax: 'The weight must be at most 2,000 lb',
  twoDecimals: 'Use at most two decimal places',
  dimensionPositive: 'Dimensions must be more than 0',
  merchantRequired: 'Please enter the merchant',
  descriptionRequired: 'Please enter a description',
  valueRequired: 'Please enter the declared value',
  valueNotNegative: 'The declared value cannot be negative',
  contentsLocked: 'The value and contents can no longer be changed: the package is already invoiced or on a manifest',
  contentsAlreadyGiven: 'This package already has its merchant, description and declared value',
  duplicateTracking: (tracking: string, packageNumber: string) =>
    `Tracking number ${tracking} has already been received as ${packageNumber}`,
  duplicatePreAlert: 'You have already pre-alerted this tracking number',
  alreadyReceived: 'This package has already been received at our warehouse',
  preAlertNotPending: 'Only a pending pre-alert can be changed',
  invoiceMissing: 'Please choose the invoice file',
  invoiceTooLarge: 'The invoice must be at most 10 MB',
  invoiceWrongType: 'The invoice must be a PDF, JPG or PNG file',
  proofMissing: 'Please choose the proof of purchase (PDF, JPG or PNG)',
  notUnknown: 'This package is not in Unknown packages',
  noUnknownWithTracking: 'No unknown package has this tracking number',
  claimPending: 'You have already claimed this package; staff will review it',
  claimDecided: 'This claim has already been decided',
  chooseAtLeastOne: 'Choose at least one package',
  noteTooLong: 'The note must be at most 500 characters',
  received: 'Package received',
  preAlertCreated: 'Pre-alert submitted',
  preAlertCancelled: 'Pre-alert cancelled',
  invoiceUploaded: 'Invoice uploaded',
  statusChanged: 'Status updated',
  assigned: 'Package assigned to the customer',
  claimSubmitted: 'Claim submitted; staff will review your proof',
  corrected: 'Package corrected',
  nothingToCorrect: 'Nothing was changed',
  heavyWeightMin: 'The heavy-weight ceiling must be at least 1 lb',
  heavyWeight: (weightLb: number, ceilingLb: number) => `${weightLb} lb is more than ${ceilingLb} lb: please confirm the weight is right`,
  invoicePaid: (invoiceNo: string) =>
    `Invoice ${invoiceNo} has already been paid (fully or partly): refund or settle it before correcting what it charges`,
  voided: 'Package voided',
  isVoided: 'This package has been voided',
  voidReasonRequired: 'Please say why the package is voided',
  voidOnClosedManifest: (manifest: string) => `The package is on closed manifest ${manifest}: it can be voided once the manifest ships`,
  modeOnManifest: 'Remove the package from its manifest before changing its mode',
  customerOnManifest: 'A package on a shipped manifest cannot change customer',
  heldForInvoice: 'Merchant invoice missing: customs needs it before the package ships',
  divisorRequired: 'Please enter the volumetric divisor',
  divisorRange: 'The volumetric divisor is between 50 and 400 cubic inches per pound',
  lbPerFt3Required: 'Please enter the pounds per cubic foot',
  lbPerFt3Range: 'The pounds per cubic foot are above 0 and at most 100',
  heldForInvoiceNoPreAlert: 'No pre-alert and no merchant invoice: customs needs it before the package ships',
  released: 'Hold released',
  notOnHold: 'This package is not on hold',
  releaseNoteRequired: 'Please say why the hold is released',
  onHoldCannotBeReady: (packageNumber: string) => `${packageNumber} is on hold: release the hold first`,
} as const;

/** The courier's warehouse settings when a courier has set none. */
export const DEFAULT_HEAVY_WEIGHT_LB = 150;
/** Answered with 409 for a weight above the courier's ceiling, until the caller confirms it. */
export const HEAVY_WEIGHT_CODE = 'heavy_weight';

export const trackingNumberSchema = z
  .string({ error: PACKAGE_MESSAGES.trackingRequired })
  .trim()
  .min(1, PACKAGE_MESSAGES.trackingRequired)
  .max(40, PACKAGE_MESSAGES.trackingTooLong)
  .regex(/^[A-Za-z0-9 -]+$/, PACKAGE_MESSAGES.trackingShape);

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const weightSchema = z
  .number({ error: PACKAGE_MESSAGES.weightRequired })
  .positive(PACKAGE_MESSAGES.weightPositive)
  .max(2000, PACKAGE_MESSAGES.weightMax)
  .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals);

export const dimensionSchema = z
  .number()
  .positive(PACKAGE_MESSAGES.dimensionPositive)
  .max(1000)
  .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals);
const noteSchema = z.string().trim().max(500, PACKAGE_MESSAGES.noteTooLong);

export const packageStatusSchema = z.enum(PACKAGE_STATUSES);
export const shippingModeSchema = z.enum(SHIPPING_MODES);
export const carrierSchema = z.enum(CARRIERS);

/** The Scan screen's receive form. */
export const receivePackageSchema = z.strictObject({
  trackingNumber: trackingNumberSchema,
  weightLb: weightSchema,
  lengthIn: dimensionSchema.optional(),
  widthIn: dimensionSchema.optional(),
  heightIn: dimensionSchema.optional(),
  /** The mailbox number read off the label; empty means the package goes to Unknown. */
  mailbox: z.string().trim().max(32).optional(),
  customerId: idSchema.optional(),
  mode: shippingModeSchema.default('AIR'),
  description: z.string().trim().max(200).optional(),
  merchant: z.string().trim().max(100).optional(),
  /** Declared value in US cents, for a parcel with no pre-alert (a pre-alert's value wins otherwise). */
  declaredValueUsdCents: z.number().int(PACKAGE_MESSAGES.twoDecimals).min(0, PACKAGE_MESSAGES.valueNotNegative).max(10_000_000).optional(),
  carrier: carrierSchema.optional(),
  /** Several boxes under one tracking number: this box is piece `pieceNumber` of `pieceCount`. */
  pieceCount: z.number().int().min(1, 'The pieces must be from 1 to 50').max(50, 'The pieces must be from 1 to 50').optional(),
  pieceNumber: z.number().int().min(1).max(50).optional(),
});
export type ReceivePackageInput = z.input<typeof receivePackageSchema>;

export const updatePackageSchema = z.strictObject({
  weightLb: weightSchema.optional(),
  lengthIn: dimensionSchema.nullable().optional(),
  widthIn: dimensionSchema.nullable().optional(),
  heightIn: dimensionSchema.nullable().optional(),
  mode: shippingModeSchema.optional(),
  description: z.string().trim().max(200).nullable().optional(),
  merchant: z.string().trim().max(100).nullable().optional(),
  declaredValueUsdCents: z
    .number()
    .int(PACKAGE_MESSAGES.twoDecimals)
    .min(0, PACKAGE_MESSAGES.valueNotNegative)
    .max(10_000_000)
    .nullable()
    .optional(),
  branchId: idSchema.optional(),
  /** A change of customer, by their id (the correction dialog picks them from the customer search). */
  customerId: idSchema.optional(),
  /** Said true once the person confirmed a weight above the courier's heavy-weight ceiling. */
  confirmHeavy: z.boolean().optional(),
  /** Why the correction was made: kept on the package's timeline. */
  note: noteSchema.optional(),
});
export type UpdatePackageInput = z.input<typeof updatePackageSchema>;

/** The correction dialog: the same rules, with the value in dollars as typed. */
export const correctPackageFormSchema = z.strictObject({
  weightLb: weightSchema,
  lengthIn: dimensionSchema.nullable(),
  widthIn: dimensionSchema.nullable(),
  heightIn: dimensionSchema.nullable(),
  mode: shippingModeSchema,
  description: z.string().trim().max(200),
  declaredValueUsd: z
    .number()
    .min(0, PACKAGE_MESSAGES.valueNotNegative)
    .max(100_000)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals)
    .nullable(),
  customerId: idSchema.optional(),
  note: noteSchema,
});

/** The customer completes a parcel that arrived with no pre-alert: merchant, contents and value (US cents). */
export const packageContentsSchema = z.strictObject({
  merchant: z.string({ error: PACKAGE_MESSAGES.merchantRequired }).trim().min(1, PACKAGE_MESSAGES.merchantRequired).max(100),
  description: z.string({ error: PACKAGE_MESSAGES.descriptionRequired }).trim().min(1, PACKAGE_MESSAGES.descriptionRequired).max(200),
  declaredValueUsdCents: z
    .number({ error: PACKAGE_MESSAGES.valueRequired })
    .int(PACKAGE_MESSAGES.twoDecimals)
    .min(0, PACKAGE_MESSAGES.valueNotNegative)
    .max(10_000_000),
});
export type PackageContentsInput = z.input<typeof packageContentsSchema>;

/** The customer's form for it: the value in dollars as typed. */
export const packageContentsFormSchema = packageContentsSchema.omit({ declaredValueUsdCents: true }).extend({
  declaredValueUsd: z
    .number({ error: PACKAGE_MESSAGES.valueRequired })
    .min(0, PACKAGE_MESSAGES.valueNotNegative)
    .max(100_000)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals),
});
export type PackageContentsFormInput = z.input<typeof packageContentsFormSchema>;

export const voidPackageSchema = z.strictObject({
  reason: z
    .string({ error: PACKAGE_MESSAGES.voidReasonRequired })
    .trim()
    .min(1, PACKAGE_MESSAGES.voidReasonRequired)
    .max(500, PACKAGE_MESSAGES.noteTooLong),
});

export const releaseHoldSchema = z.strictObject({
  note: z
    .string({ error: PACKAGE_MESSAGES.releaseNoteRequired })
    .trim()
    .min(1, PACKAGE_MESSAGES.releaseNoteRequired)
    .max(500, PACKAGE_MESSAGES.noteTooLong),
});

/** The courier's warehouse settings: the heavy-weight ceiling and whether every package needs an invoice. */
export const warehouseSettingsSchema = z.strictObject({
  heavyWeightLb: z
    .number({ error: PACKAGE_MESSAGES.weightRequired })
    // Below a pound every parcel would ask for confirmation (and 0.001 would be stored as 0.00).
    .min(1, PACKAGE_MESSAGES.heavyWeightMin)
    .max(2000, PACKAGE_MESSAGES.weightMax)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals),
  requireInvoice: z.boolean(),
  /** AIR parcels bill the greater of actual and volumetric weight (cubic inches / divisor). */
  volumetricAir: z.boolean(),
  airDivisorIn3PerLb: z
    .number({ error: PACKAGE_MESSAGES.divisorRequired })
    .min(50, PACKAGE_MESSAGES.divisorRange)
    .max(400, PACKAGE_MESSAGES.divisorRange)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals),
  /** SEA parcels bill the greater of actual and volumetric weight (cubic feet x pounds per cubic foot). */
  volumetricSea: z.boolean(),
  seaLbPerFt3: z
    .number({ error: PACKAGE_MESSAGES.lbPerFt3Required })
    .positive(PACKAGE_MESSAGES.lbPerFt3Range)
    .max(100, PACKAGE_MESSAGES.lbPerFt3Range)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals),
  /** Days a package spends clearing customs after its flight or vessel lands (the arrival estimate). */
  customsDays: z
    .number({ error: 'Enter the customs days' })
    .int('Customs days are whole days')
    .min(0, 'Customs days cannot be negative')
    .max(MAX_CUSTOMS_DAYS, `Customs days are at most ${MAX_CUSTOMS_DAYS}`)
    .optional(),
});
export type WarehouseSettings = z.infer<typeof warehouseSettingsSchema>;
/** What a save may send: the volumetric fields left out keep their value. */
export const warehouseSettingsInputSchema = warehouseSettingsSchema.partial({
  volumetricAir: true,
  airDivisorIn3PerLb: true,
  volumetricSea: true,
  seaLbPerFt3: true,
});
export type WarehouseSettingsInput = z.infer<typeof warehouseSettingsInputSchema>;

/** To delivered (or out for delivery) the release rule applies; its override fields go along. */
export const changeStatusSchema = z.strictObject({ status: packageStatusSchema, note: noteSchema.optional(), ...releaseOverrideFields });
export const bulkStatusSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, PACKAGE_MESSAGES.chooseAtLeastOne).max(500),
  status: packageStatusSchema,
  note: noteSchema.optional(),
  ...releaseOverrideFields,
});
export const bulkStatusResultSchema = z.object({
  changed: z.number().int(),
  results: z.array(
    z.object({ id: z.number().int(), packageNumber: z.string().nullable(), ok: z.boolean(), message: z.string().optional() }),
  ),
});

export const assignPackageSchema = z.strictObject({ mailbox: z.string().trim().min(1, 'Please enter the mailbox number').max(32) });

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

export const customerLookupSchema = z.object({
  id: z.number().int(),
  mailboxNumber: z.string(),
  name: z.string(),
  branchName: z.string().nullable(),
});

/**
 * A scan field's text: our package number, a carrier's tracking number or a mailbox number
 * (domain/scan.ts). Every refusal is in our words, whatever the scanner sent.
 */
export const scanInputSchema = z
  .string({ error: SCAN_MESSAGES.empty })
  .max(200, SCAN_MESSAGES.tooLong)
  .trim()
  .superRefine((value, ctx) => {
    const problem = scanProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What a scan finds: our package, a customer by mailbox, or a new tracking number to receive. */
export const scanLookupSchema = z.object({
  kind: z.enum(SCAN_KINDS),
  customer: customerLookupSchema.nullable(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  package: packageDetailSchema.nullable(),
  preAlert: z
    .object({
      id: z.number().int(),
      merchant: z.string(),
      description: z.string(),
      declaredValueUsdCents: z.number().int(),
      hasInvoice: z.boolean(),
      customerId: z.number().int(),
      customerName: z.string(),
      mailboxNumber: z.string(),
    })
    .nullable(),
});
export type ScanLookup = z.infer<typeof scanLookupSchema>;
export const scanLookupQuerySchema = z.object({ trackingNumber: scanInputSchema });

/** `GET /packages/unknown/scan?code=`: the unknown package a scan names (assignment station). */
export const unknownScanQuerySchema = z.object({ code: scanInputSchema });
export const UNKNOWN_SCAN_MESSAGES = {
  notUnknown: (packageNumber: string, status: string) => `${packageNumber} is not an unknown package: it is ${status}`,
} as const;

/** The packages whose labels are printed together: `?ids=12,13,14` (at most 200). */
export const labelIdsQuerySchema = z.object({
  ids: z
    .string({ error: PACKAGE_MESSAGES.chooseAtLeastOne })
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, PACKAGE_MESSAGES.chooseAtLeastOne)
    .transform((s) => s.split(',').map(Number)),
  download: z.enum(['1', 'true']).optional(),
});
export const labelFormatQuerySchema = z.object({ download: z.enum(['1', 'true']).optional() });

/** Extra filters of the staff package list beyond the DataTable's columns. */
export const packageListQuerySchema = courierListQuerySchema.extend({
  receivedFrom: calendarDateSchema().optional(),
  receivedTo: calendarDateSchema().optional(),
  /** Voided packages leave the lists unless asked for. */
  voided: z.enum(['true', 'false']).optional(),
});

export const uncollectedPackageSchema = packageSchema.extend({ daysWaiting: z.number().int() });

export const customerSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });

// Pre-alerts --------------------------------------------------------------------------------

export const createPreAlertSchema = z.strictObject({
  trackingNumber: trackingNumberSchema,
  merchant: z.string({ error: PACKAGE_MESSAGES.merchantRequired }).trim().min(1, PACKAGE_MESSAGES.merchantRequired).max(100),
  description: z.string({ error: PACKAGE_MESSAGES.descriptionRequired }).trim().min(1, PACKAGE_MESSAGES.descriptionRequired).max(200),
  declaredValueUsdCents: z
    .number({ error: PACKAGE_MESSAGES.valueRequired })
    .int(PACKAGE_MESSAGES.twoDecimals)
    .min(0, PACKAGE_MESSAGES.valueNotNegative)
    .max(10_000_000),
});
export type CreatePreAlertInput = z.infer<typeof createPreAlertSchema>;

export const preAlertSchema = z.object({
  id: z.number().int(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  merchant: z.string(),
  description: z.string(),
  declaredValueUsdCents: z.number().int(),
  hasInvoice: z.boolean(),
  invoiceName: z.string().nullable(),
  status: z.enum(PRE_ALERT_STATUSES),
  customerId: z.number().int(),
  customerName: z.string().optional(),
  mailboxNumber: z.string().optional(),
  packageId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PreAlertDto = z.infer<typeof preAlertSchema>;

// Unknown-package claims -----------------------------------------------------------------------

export const claimFieldsSchema = z.object({
  trackingNumber: trackingNumberSchema,
  note: noteSchema.optional(),
});

export const claimSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  note: z.string().nullable(),
  proofName: z.string(),
  status: z.enum(CLAIM_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ClaimDto = z.infer<typeof claimSchema>;
