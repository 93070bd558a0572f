import { z } from 'zod';
import { MANIFEST_STATUSES, SHIPPING_MODES } from '../constants/packages';
import { courierListQuerySchema, idSchema } from './common';
import { packageSchema, trackingNumberSchema } from './packages';

/** Manifests and their reconciliation (DOMAIN.md step 4 and 5). The wording is ours. */
export const MANIFEST_MESSAGES = {
  notFound: 'Manifest not found',
  typeRequired: 'Please choose AIR or SEA',
  notOpen: 'Only an open manifest can be changed',
  notClosed: 'Close the manifest before shipping it',
  notShipped: 'Only a shipped manifest can arrive',
  notArrived: 'Reconcile a manifest once it has arrived',
  empty: 'A manifest needs at least one package',
  packageNotFound: (ref: string) => `No package ${ref}`,
  packageNotReceived: (number: string, status: string) => `${number} is ${status}; only received packages can go on a manifest`,
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
  dateOrder: 'The arrival date cannot be before the departure date',
  created: 'Manifest created',
  closed: 'Manifest closed',
  shipped: 'Manifest shipped: the customers are told',
  arrived: 'Manifest arrived',
  reconciled: 'Reconciliation closed',
} as const;

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const createManifestSchema = z.strictObject({
  type: z.enum(SHIPPING_MODES, { error: MANIFEST_MESSAGES.typeRequired }),
  mawbOrBl: optionalText(40),
  flightOrVessel: optionalText(60),
  departureDate: z.iso.date().optional(),
  arrivalDate: z.iso.date().optional(),
  branchId: idSchema.optional(),
});
export const updateManifestSchema = createManifestSchema.omit({ type: true }).partial();

export const addToManifestSchema = z.strictObject({
  /** Package ids picked from the list, or one scanned tracking / package number. */
  packageIds: z.array(idSchema).max(500).optional(),
  scan: z.string().trim().min(1).max(40).optional(),
});

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

export const reconciliationScanSchema = z.strictObject({ trackingNumber: trackingNumberSchema });
export const reconciliationCloseSchema = z.strictObject({ note: z.string().trim().max(1000).optional() });

const reconLine = z.object({
  packageId: z.number().int().nullable(),
  packageNumber: z.string().nullable(),
  trackingNumber: z.string(),
  customerName: z.string().nullable(),
  status: z.string().nullable(),
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
