import { z } from 'zod';
import { queryIdSchema } from './common';
import { IMPORT_FIELDS } from '../domain/package-import';

/** What became of one row of a warehouse file (in the preview: what will become of it). */
export const IMPORT_OUTCOMES = ['received', 'unknown', 'already_received', 'duplicate_in_file', 'invalid'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  received: 'Received',
  unknown: 'Unknown Packages',
  already_received: 'Already received',
  duplicate_in_file: 'Duplicate in file',
  invalid: 'Not imported',
};

export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().trim().min(1).max(200));

export const importRowResultSchema = z.object({
  /** The row number the sheet shows (the header is row 1). */
  row: z.number().int(),
  trackingNumber: z.string().nullable(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** "MB1234 Jane Brown" when a customer was found. */
  customer: z.string().nullable(),
  preAlertMatched: z.boolean(),
  packageNumber: z.string().nullable(),
  messages: z.array(z.string()),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importCountsSchema = z.object({
  received: z.number().int(),
  unknown: z.number().int(),
  alreadyReceived: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  preAlertsMatched: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const IMPORT_STATUSES = ['uploaded', 'importing', 'done', 'failed'] as const;

export const packageImportSchema = z.object({
  id: z.number().int(),
  source: z.enum(['upload', 'pickup']),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  counts: importCountsSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  createdByName: z.string().nullable(),
});
export type PackageImportDto = z.infer<typeof packageImportSchema>;

/** The file as read: its headers, the mapping to start from (remembered or guessed), a few rows to show. */
export const importUploadSchema = packageImportSchema.extend({
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  sample: z.array(z.array(z.string())),
});
export type ImportUploadDto = z.infer<typeof importUploadSchema>;

export const importPreviewBodySchema = z.strictObject({ mapping: importMappingSchema });

/** Every row checked: what the import will do with it, and why. */
export const importPreviewSchema = z.object({
  id: z.number().int(),
  mappingProblems: z.array(z.string()),
  counts: importCountsSchema,
  rows: z.array(importRowResultSchema),
});
export type ImportPreviewDto = z.infer<typeof importPreviewSchema>;

export const importDetailSchema = packageImportSchema.extend({
  rows: z.array(importRowResultSchema),
  /** The file's columns, and the cells of each refused row: what the agent fixes and sends again. */
  headers: z.array(z.string()).optional(),
  refused: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })).optional(),
});
export type ImportDetailDto = z.infer<typeof importDetailSchema>;

/** The mapping form: one select per field, "" for a field the file does not have (left out when sent). */
export const importMappingFormSchema = z.object({ mapping: z.record(z.enum(IMPORT_FIELDS), z.string()) }).transform(({ mapping }) => ({
  mapping: Object.fromEntries(Object.entries(mapping).filter(([, header]) => header !== '')) as z.infer<typeof importMappingSchema>,
}));

/** A refused row, fixed: its cells in the file's column order, sent again. */
export const resendRowSchema = z.strictObject({ cells: z.array(z.string().max(500)).min(1).max(200) });
export type ResendRowInput = z.infer<typeof resendRowSchema>;
export const resendRowParamsSchema = z.object({ id: queryIdSchema, row: z.coerce.number().int().min(2).max(1_000_000) });
