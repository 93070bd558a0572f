import { z } from 'zod';
import { SCAN_KINDS, SCAN_MESSAGES, scanProblem } from '../../domain/scan';
import { PACKAGE_MESSAGES, carrierSchema } from './fields';
import { packageDetailSchema } from './views';

// What a scan names, and the labels printed together.

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
      shopRequestNo: z.string().nullable(),
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
