import { z } from 'zod';
import { CARRIERS, PACKAGE_STATUSES, SHIPPING_MODES } from '../../constants/packages';

/**
 * Packages, pre-alerts and unknown-package claims (DOMAIN.md). No fixed wording covers these
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

export const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

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
export const noteSchema = z.string().trim().max(500, PACKAGE_MESSAGES.noteTooLong);

export const packageStatusSchema = z.enum(PACKAGE_STATUSES);
export const shippingModeSchema = z.enum(SHIPPING_MODES);
export const carrierSchema = z.enum(CARRIERS);
