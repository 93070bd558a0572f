import { z } from 'zod';
import {
  HAZARD_CATEGORIES,
  HAZARD_CATEGORY_LABELS,
  HAZARD_LEVELS,
  HAZARD_OUTCOMES,
  LABEL_PRINTER_PORT,
  SHELF_CODE_PATTERN,
} from '../constants/warehouse';
import { ID_OUT_OF_RANGE, MAX_ID, idSchema, queryIdSchema } from './common';

/** The warehouse floor: hazards, shelves and label printers. Our words; forms and API say the same. */
export const WAREHOUSE_MESSAGES = {
  hazardousByAir: (packageNumber: string, category: string) =>
    `${packageNumber} is flagged hazardous (${category}): dangerous goods cannot fly. Ship it by sea, or return or dispose of it`,
  prohibited: (packageNumber: string) => `${packageNumber} is flagged prohibited: it cannot ship; return or dispose of it`,
  hazardOutcomeDone: (packageNumber: string, outcome: string) => `${packageNumber} is being ${outcome}: it cannot ship`,
  prohibitedBySea: 'A prohibited parcel cannot ship by sea either: return or dispose of it',
  hazardFlagged: 'Hazard recorded; the customer has been told',
  hazardCleared: 'Hazard flag removed',
  hazardCategoryRequired: 'Choose what makes the parcel dangerous',
  hazardNotFlagged: 'This package is not flagged hazardous or prohibited',
  hazardOnManifest: (manifest: string) => `The package is on manifest ${manifest}: take it off before flagging it`,
  shelfCodeRequired: 'Please enter the shelf code',
  shelfCodeShape: 'A shelf code has only letters, digits and dashes (A-01-3), at most 24',
  shelfCodeTaken: (code: string) => `Shelf ${code} already exists`,
  shelfNotFound: (code: string) => `No shelf ${code} at this courier`,
  shelfHasParcels: (code: string, count: number) => `Shelf ${code} still has ${count} parcel(s): move them first`,
  shelfOtherBranch: (code: string, branch: string) => `Shelf ${code} is at ${branch}, not this parcel's branch`,
  shelfOtherStation: (code: string, branch: string, station: string) =>
    `Shelf ${code} is at ${branch}, not at this station's branch (${station})`,
  notOnShelf: 'Scan a parcel first, then its shelf',
  putAway: (packageNumber: string, code: string) => `${packageNumber} put away on ${code}`,
  moved: (packageNumber: string, from: string, to: string) => `${packageNumber} moved from ${from} to ${to}`,
  alreadyThere: (packageNumber: string, code: string) => `${packageNumber} is already on ${code}`,
  heldToHoldShelf: (packageNumber: string) => `${packageNumber} is on hold: put it on a hold shelf`,
  notHeldOnHoldShelf: (packageNumber: string, code: string) => `${packageNumber} is not on hold: ${code} is a hold shelf`,
  notInWarehouse: (packageNumber: string) => `${packageNumber} is not in the warehouse`,
  printerNameRequired: 'Please name the printer',
  branchRequired: 'Choose a branch',
  printerHostRequired: 'Please enter the printer address (host name or IP)',
  printerHostShape: 'The printer address is a host name or an IP address',
  printerPortRange: 'The port is a number from 1 to 65535',
  printerHostRefused: 'The printer must be on your warehouse network: this server, link-local and internet addresses are refused',
  printerNotFound: 'Printer not found',
  noPrinter: 'No label printer at this branch',
  printerOtherBranch: (printer: string, branch: string) => `Printer ${printer} is at ${branch}, not at your branch: choose a printer here`,
  printed: (printer: string) => `Label sent to ${printer}`,
  printerUnreachable: (printer: string) => `Printer ${printer} cannot be reached: the PDF label opens instead`,
  pieceCountRange: 'The pieces must be from 1 to 50',
  pieceNumberRange: 'The piece number cannot be more than the pieces of the shipment',
  pieceTaken: (tracking: string, piece: number, packageNumber: string) =>
    `Piece ${piece} of ${tracking} has already been received as ${packageNumber}`,
  piecesDiffer: (tracking: string, count: number) => `${tracking} was received as ${count} piece(s): receive the next piece of ${count}`,
  allPiecesIn: (tracking: string, count: number) => `All ${count} pieces of ${tracking} are in`,
} as const;

export const hazardLevelSchema = z.enum(HAZARD_LEVELS);
export const hazardCategorySchema = z.enum(HAZARD_CATEGORIES, { error: WAREHOUSE_MESSAGES.hazardCategoryRequired });
export const hazardOutcomeSchema = z.enum(HAZARD_OUTCOMES);

/** Staff flag a parcel (or clear the flag with level null). */
export const flagHazardSchema = z.strictObject({
  level: hazardLevelSchema.nullable(),
  category: hazardCategorySchema.optional(),
  note: z.string().trim().max(500).optional(),
  /** SEA for a hazardous parcel; return or dispose (with the courier's fee) for either. */
  outcome: hazardOutcomeSchema.optional(),
});
export type FlagHazardInput = z.input<typeof flagHazardSchema>;

/** The station's hazard form: a category and an outcome may be left to decide later (''). */
export const hazardFlagFormSchema = z.object({
  level: hazardLevelSchema,
  category: hazardCategorySchema.or(z.literal('')),
  outcome: hazardOutcomeSchema.or(z.literal('')),
});
export type HazardFlagForm = z.infer<typeof hazardFlagFormSchema>;

export const hazardFeeSchema = z.strictObject({ hazardFeeCents: z.number().int().min(0).max(100_000_000) });

/** Why the customer is told their parcel cannot fly. */
export function hazardCustomerReason(level: 'hazardous' | 'prohibited', category: (typeof HAZARD_CATEGORIES)[number] | null) {
  const what = category ? HAZARD_CATEGORY_LABELS[category].toLowerCase() : 'dangerous goods';
  return level === 'prohibited'
    ? `Your parcel contains ${what}, which we cannot ship. It will be returned to the sender or disposed of.`
    : `Your parcel contains ${what}, which airlines do not carry. It can travel by sea, or be returned to the sender or disposed of.`;
}

export const shelfCodeSchema = z
  .string({ error: WAREHOUSE_MESSAGES.shelfCodeRequired })
  .trim()
  .min(1, WAREHOUSE_MESSAGES.shelfCodeRequired)
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(SHELF_CODE_PATTERN, WAREHOUSE_MESSAGES.shelfCodeShape));

/** The branch a shelf or printer belongs to; none chosen is said in our words. */
const warehouseBranchField = z
  .number({ error: WAREHOUSE_MESSAGES.branchRequired })
  .int(WAREHOUSE_MESSAGES.branchRequired)
  .positive(WAREHOUSE_MESSAGES.branchRequired)
  .max(MAX_ID, ID_OUT_OF_RANGE);

export const createShelfSchema = z.strictObject({
  branchId: warehouseBranchField,
  code: shelfCodeSchema,
  description: z.string().trim().max(100).optional(),
  isHold: z.boolean().default(false),
});
export type CreateShelfInput = z.input<typeof createShelfSchema>;

export const shelfSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  branchId: z.number().int(),
  branchName: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  isHold: z.boolean(),
  parcelCount: z.number().int(),
});
export type Shelf = z.infer<typeof shelfSchema>;

export const warehouseListQuerySchema = z.strictObject({ branchId: queryIdSchema.optional(), courierId: queryIdSchema.optional() });

/** Put-away or move: the parcel scanned, then the shelf's code. */
export const putAwaySchema = z.strictObject({
  scan: z.string().trim().min(1).max(200),
  shelf: shelfCodeSchema,
});

export const putAwayResultSchema = z.object({
  packageId: z.number().int(),
  packageNumber: z.string(),
  shelfCode: z.string(),
  fromShelfCode: z.string().nullable(),
  message: z.string(),
});
export type PutAwayResult = z.infer<typeof putAwayResultSchema>;

/** Host name or IPv4/IPv6 literal: no scheme, path or spaces. */
const hostSchema = z
  .string({ error: WAREHOUSE_MESSAGES.printerHostRequired })
  .trim()
  .min(1, WAREHOUSE_MESSAGES.printerHostRequired)
  .max(253)
  .regex(/^[A-Za-z0-9.:-]+$/, WAREHOUSE_MESSAGES.printerHostShape);

export const createLabelPrinterSchema = z.strictObject({
  branchId: warehouseBranchField,
  name: z.string({ error: WAREHOUSE_MESSAGES.printerNameRequired }).trim().min(1, WAREHOUSE_MESSAGES.printerNameRequired).max(60),
  host: hostSchema,
  port: z
    .number({ error: WAREHOUSE_MESSAGES.printerPortRange })
    .int(WAREHOUSE_MESSAGES.printerPortRange)
    .min(1, WAREHOUSE_MESSAGES.printerPortRange)
    .max(65535, WAREHOUSE_MESSAGES.printerPortRange)
    .default(LABEL_PRINTER_PORT),
});
export type CreateLabelPrinterInput = z.input<typeof createLabelPrinterSchema>;

export const labelPrinterSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  branchId: z.number().int(),
  branchName: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
});
export type LabelPrinter = z.infer<typeof labelPrinterSchema>;

export const printLabelSchema = z.strictObject({ printerId: idSchema.optional() });

/** A print job's outcome: sent to the printer, or not (the station opens the PDF instead). */
export const printResultSchema = z.object({
  printed: z.boolean(),
  printerName: z.string().nullable(),
  message: z.string(),
  ms: z.number(),
});
export type PrintResult = z.infer<typeof printResultSchema>;

/** The settings form: the return/disposal fee in JMD as typed (two decimals at most). */
export const hazardFeeFormSchema = z.strictObject({
  hazardFee: z
    .number({ error: 'Please enter the fee (0 for none)' })
    .min(0, 'The fee cannot be negative')
    .max(1_000_000, 'The fee must be at most JMD 1,000,000')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimal places'),
});
export type HazardFeeForm = z.infer<typeof hazardFeeFormSchema>;
