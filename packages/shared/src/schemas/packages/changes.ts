import { TARIFF_CLASSES } from '../../domain/customs';
import { z } from 'zod';
import { idSchema } from '../common';
import { releaseOverrideFields } from '../release';
import {
  PACKAGE_MESSAGES,
  carrierSchema,
  dimensionSchema,
  noteSchema,
  packageStatusSchema,
  shippingModeSchema,
  trackingNumberSchema,
  twoDecimals,
  weightSchema,
} from './fields';

// What staff and customers change on a package: receiving, corrections, contents, void, holds, status, assignment.

/** The Scan screen's receive form. */
export const receivePackageSchema = z.strictObject({
  trackingNumber: trackingNumberSchema,
  weightLb: weightSchema,
  lengthIn: dimensionSchema.optional(),
  widthIn: dimensionSchema.optional(),
  heightIn: dimensionSchema.optional(),
  /** The mailbox number read off the label; empty means the package goes to Unknown. */
  mailbox: z.string().trim().max(32).optional(),
  /** The name read off the label, kept as text (Unknown Packages shows it). */
  labelName: z.string().trim().max(100).optional(),
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
  /** What customs classes the goods as (their duty rate); the courier's general class when left out. */
  tariffClass: z.enum(TARIFF_CLASSES).optional(),
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
