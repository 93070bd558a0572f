import { z } from 'zod';
import { MANIFEST_STATUSES, SHIPPING_MODES } from '../constants/packages';
import { formatCount } from '../format/money';
import { calendarDateSchema, courierListQuerySchema, idSchema } from './common';
import { packageSchema, scanInputSchema } from './packages';

/** Data rows a warehouse file (CSV or Excel) may list in one import. */
export const MANIFEST_IMPORT_MAX_ROWS = 5_000;

/** Manifests and their reconciliation (DOMAIN.md step 4 and 5). The wording is ours. */
export const MANIFEST_MESSAGES = {
  notFound: 'Manifest not found',
  typeRequired: 'Please choose AIR or SEA',
  notOpen: 'Only an open manifest can be changed',
  notClosed: 'Close the manifest before shipping it',
  departureInFuture: (manifest: string, date: string) =>
    `${manifest} departs on ${date}: it cannot ship before its departure date. Move the departure date to today to ship it now.`,
  departureMoved: (from: string, to: string) => `Departure date moved from ${from} to ${to} to ship`,
  notShipped: 'Only a shipped manifest can arrive',
  notArrived: 'Reconcile a manifest once it has arrived',
  readyBeforeArrival: (manifest: string) =>
    `${manifest} has not arrived: its packages are made ready for pickup once it has arrived and cleared customs`,
  /** A MAWB or bill of lading belongs to one manifest of a courier, unless a person confirms a split shipment. */
  mawbInUse: (label: string, value: string, others: string[]) =>
    `${label} ${value} is already on ${others.length === 1 ? 'manifest' : 'manifests'} ${others.join(', ')}. If the shipment is split over several manifests, confirm the split to use it again.`,
  empty: 'A manifest needs at least one package',
  packageNotFound: (ref: string) => `No package ${ref}`,
  packageNotReceived: (number: string, status: string) => `${number} is ${status}; only received packages can go on a manifest`,
  packageOnHold: (number: string, reason: string) => `${number} is on hold: ${reason}`,
  packageOtherManifest: (number: string, manifest: string) => `${number} is already on manifest ${manifest}`,
  packageWrongMode: (number: string, mode: string) => `${number} travels by ${mode}`,
  packageNotOnManifest: 'That package is not on this manifest',
  alreadyScanned: (tracking: string) => `${tracking} has already been scanned`,
  csvMissing: 'Please choose the CSV file',
  csvTooLarge: 'The CSV file must be at most 2 MB',
  csvNoHeader: 'The CSV needs a header row with tracking_number',
  xlsxMissing: 'Please choose the Excel file',
  xlsxTooLarge: 'The Excel file must be at most 2 MB',
  xlsxNotWorkbook: 'The file must be an Excel workbook (.xlsx)',
  xlsxNoHeader: 'The first sheet needs a header row with tracking_number',
  xlsxTooLargeUnpacked:
    'The Excel file unpacks to too much data for a manifest (at most 20 MB); keep only the manifest sheet and save it again',
  // A getter: Intl is loaded on first use, not when the messages are (format/money.ts).
  get tooManyRows() {
    return `A file can list at most ${formatCount(MANIFEST_IMPORT_MAX_ROWS)} packages; split it into smaller files`;
  },
  dateOrder: 'The arrival date cannot be before the departure date',
  dateInvalid: 'Please enter a valid date',
  mawbTooLong: 'The MAWB / BL number must be at most 40 characters',
  flightTooLong: 'The flight / vessel must be at most 60 characters',
  corrected: 'Manifest updated',
  notEditable: 'The transport details can be changed until the manifest arrives',
  created: 'Manifest created',
  closed: 'Manifest closed',
  shipped: 'Manifest shipped: the customers are told',
  arrived: 'Manifest arrived',
  reconciled: 'Reconciliation closed',
} as const;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Answered (409) when the MAWB or bill of lading is on another manifest of the courier, until a split is confirmed. */
export const MAWB_IN_USE_CODE = 'mawb_in_use';
/** The form a MAWB or BL is compared in: 176-12345675, 176 1234 5675 and 17612345675 are one number. */
export const normaliseMawbOrBl = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();
/** How a screen names the number: MAWB for air, bill of lading for sea. */
export const mawbLabel = (type: (typeof SHIPPING_MODES)[number]) => (type === 'AIR' ? 'MAWB' : 'Bill of lading');

export const createManifestSchema = z.strictObject({
  type: z.enum(SHIPPING_MODES, { error: MANIFEST_MESSAGES.typeRequired }),
  mawbOrBl: optionalText(40),
  flightOrVessel: optionalText(60),
  departureDate: calendarDateSchema().optional(),
  arrivalDate: calendarDateSchema().optional(),
  branchId: idSchema.optional(),
  /** A person confirmed that the MAWB / BL is split over several manifests. */
  splitShipment: z.boolean().optional(),
});
/** The new-manifest form as typed: an empty field is left out. */
export const createManifestFormSchema = z
  .object({
    type: z.enum(SHIPPING_MODES, { error: MANIFEST_MESSAGES.typeRequired }),
    mawbOrBl: z.string().default(''),
    flightOrVessel: z.string().default(''),
    departureDate: z.string().default(''),
    arrivalDate: z.string().default(''),
  })
  .transform(
    (form): z.input<typeof createManifestSchema> => ({
      type: form.type,
      mawbOrBl: form.mawbOrBl || undefined,
      flightOrVessel: form.flightOrVessel || undefined,
      departureDate: form.departureDate || undefined,
      arrivalDate: form.arrivalDate || undefined,
    }),
  )
  .pipe(createManifestSchema);
/** Transport details corrected on an open manifest; an emptied field or a null date clears it. */
export const updateManifestSchema = z.strictObject({
  mawbOrBl: optionalText(40),
  flightOrVessel: optionalText(60),
  departureDate: calendarDateSchema(MANIFEST_MESSAGES.dateInvalid).nullable().optional(),
  arrivalDate: calendarDateSchema(MANIFEST_MESSAGES.dateInvalid).nullable().optional(),
  branchId: idSchema.optional(),
  /** A person confirmed that the MAWB / BL is split over several manifests. */
  splitShipment: z.boolean().optional(),
});
export type UpdateManifestInput = z.input<typeof updateManifestSchema>;

const formDate = z.union([z.literal(''), calendarDateSchema(MANIFEST_MESSAGES.dateInvalid)]);
/** The manifest's edit dialog: the same rules, with the dates as the date inputs give them. */
export const manifestEditFormSchema = z
  .strictObject({
    mawbOrBl: z.string().trim().max(40, MANIFEST_MESSAGES.mawbTooLong),
    flightOrVessel: z.string().trim().max(60, MANIFEST_MESSAGES.flightTooLong),
    departureDate: formDate,
    arrivalDate: formDate,
  })
  .refine((v) => !v.departureDate || !v.arrivalDate || v.arrivalDate >= v.departureDate, {
    message: MANIFEST_MESSAGES.dateOrder,
    path: ['arrivalDate'],
  });

const SHIP_NOTE_TOO_LONG = 'The note must be at most 500 characters';
/** Shipping; a manifest whose departure date is still ahead ships only if its date moves to today. */
export const shipManifestSchema = z
  .strictObject({
    moveDepartureToToday: z.boolean().optional(),
    note: z.string().trim().max(500, SHIP_NOTE_TOO_LONG).optional(),
  })
  // No body at all (the usual ship) arrives as null.
  .nullish();
/** Shipping early as typed: the note saying why (optional; the API trims it). */
export const shipEarlyFormSchema = z.object({ note: z.string().max(500, SHIP_NOTE_TOO_LONG) });
/** Answered (409) for a manifest shipped before its departure date, until the date is moved. */
export const DEPARTURE_IN_FUTURE_CODE = 'departure_in_future';

export const addToManifestSchema = z.strictObject({
  /** Package ids picked from the list, or one scanned tracking / package number. */
  packageIds: z.array(idSchema).max(500).optional(),
  scan: scanInputSchema.optional(),
});
/** A package taken off by scanning its label or its tracking number. */
export const removeScannedSchema = z.strictObject({ scan: scanInputSchema });

export const manifestSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string().optional(),
  manifestNumber: z.string(),
  type: z.enum(SHIPPING_MODES),
  mawbOrBl: z.string().nullable(),
  flightOrVessel: z.string().nullable(),
  departureDate: z.string().nullable(),
  arrivalDate: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  status: z.enum(MANIFEST_STATUSES),
  pieces: z.number().int(),
  weightLb: z.number(),
  missingCount: z.number().int().nullable(),
  extraCount: z.number().int().nullable(),
  discrepancyNote: z.string().nullable(),
  reconciliationNote: z.string().nullable(),
  shippedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  reconciledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ManifestDto = z.infer<typeof manifestSchema>;

export const manifestDetailSchema = manifestSchema.extend({ packages: z.array(packageSchema) });
export type ManifestDetail = z.infer<typeof manifestDetailSchema>;

export const manifestListQuerySchema = courierListQuerySchema;

export const importRowSchema = z.object({
  row: z.number().int(),
  trackingNumber: z.string(),
  accepted: z.boolean(),
  reason: z.string().optional(),
  packageNumber: z.string().optional(),
});
export const importReportSchema = z.object({
  manifest: manifestSchema,
  accepted: z.number().int(),
  refused: z.number().int(),
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const reconciliationScanSchema = z.strictObject({ trackingNumber: scanInputSchema });
export const reconciliationCloseSchema = z.strictObject({ note: z.string().trim().max(1000).optional() });

const reconLine = z.object({
  packageId: z.number().int().nullable(),
  packageNumber: z.string().nullable(),
  trackingNumber: z.string(),
  customerName: z.string().nullable(),
  status: z.string().nullable(),
  /** Where the package is now: for an extra that is ours, the manifest it is on (if any). */
  manifestNumber: z.string().nullable(),
});
export const reconciliationSchema = z.object({
  manifest: manifestSchema,
  expected: z.array(reconLine),
  received: z.array(reconLine),
  missing: z.array(reconLine),
  extra: z.array(reconLine),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export const scanResultSchema = z.object({
  result: z.enum(['expected', 'extra']),
  message: z.string(),
  reconciliation: reconciliationSchema,
});
