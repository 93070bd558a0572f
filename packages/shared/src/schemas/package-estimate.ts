import { z } from 'zod';
import { CHARGE_LINE_KINDS } from '../constants/billing';

/**
 * What a parcel will cost before it is invoiced: its billable weight (the greater of actual and
 * volumetric) and the lines the invoice would carry today, priced by the same fee engine. Once
 * invoiced, `invoiceNo` names the invoice and the estimate gives way to it.
 */
export const packageEstimateSchema = z.object({
  invoiceNo: z.string().nullable(),
  actualWeightLb: z.number(),
  /** Null when the courier does not bill by volume for the mode, or a dimension is missing. */
  volumetricWeightLb: z.number().nullable(),
  /** Whole pounds, as freight is priced. */
  billableWeightLb: z.number(),
  weightBasis: z.enum(['actual', 'volumetric']),
  lines: z.array(z.object({ kind: z.enum(CHARGE_LINE_KINDS), description: z.string(), amountCents: z.number().int() })),
  totalCents: z.number().int(),
});
export type PackageEstimate = z.infer<typeof packageEstimateSchema>;
