import { z } from 'zod';
import { SETTINGS_MESSAGES, hasAtMostDecimals, money, trimmed } from './fields';

// Shipping rates (cost is JMD as a number in the API, cents in the database)

export const RATE_STATUSES = ['active', 'inactive'] as const;
export type RateStatus = (typeof RATE_STATUSES)[number];

export const shippingRateSchema = z.object({
  id: z.number().int(),
  weight: z.string(),
  cost: z.number(),
  status: z.enum(RATE_STATUSES),
  createdAt: z.string(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const shippingRateInputSchema = z.strictObject({
  weight: trimmed(40, SETTINGS_MESSAGES.weightRequired),
  cost: money(SETTINGS_MESSAGES.costRequired),
  status: z.enum(RATE_STATUSES).default('active'),
});
export type ShippingRateInput = z.input<typeof shippingRateInputSchema>;
// ---------------------------------------------------------------------------------------------
// Additional fees ('Manage Shipping Fees')

export const additionalFeesInputSchema = z.strictObject({
  gct: z
    .number({ error: SETTINGS_MESSAGES.gctRange })
    .min(0, SETTINGS_MESSAGES.gctRange)
    .max(100, SETTINGS_MESSAGES.gctRange)
    .refine((n) => hasAtMostDecimals(n, 1), SETTINGS_MESSAGES.gctStep),
  unknownFee: money(SETTINGS_MESSAGES.feeMin),
  uncollectedFee: money(SETTINGS_MESSAGES.feeMin),
  switchingFee: money(SETTINGS_MESSAGES.feeMin),
});
export type AdditionalFeesInput = z.input<typeof additionalFeesInputSchema>;

export const ADDITIONAL_FEE_NAMES = {
  gct: 'GCT',
  unknownFee: 'Unknown Fee',
  uncollectedFee: 'Uncollected Fee',
  switchingFee: 'Switching Fee',
} as const;

/** Fees in JMD (GCT in percent); `configured` is false until the courier first saves them. */
export const additionalFeesSchema = z.object({
  gct: z.number(),
  unknownFee: z.number(),
  uncollectedFee: z.number(),
  switchingFee: z.number(),
  configured: z.boolean(),
  fees: z.array(z.object({ name: z.string(), value: z.number() })),
});
export type AdditionalFees = z.infer<typeof additionalFeesSchema>;
// ---------------------------------------------------------------------------------------------
// Processing fees

const WEIGHT = String.raw`(\d+(?:\.\d+)?|\.\d+)\s*(?:lbs?|pounds?)?\.?`;
const WEIGHT_RANGE = new RegExp(String.raw`^\s*${WEIGHT}\s+to\s+${WEIGHT}\s*$`, 'i');

/** '1lb to 10lbs' -> { min: 1, max: 10 }; null when it does not read as two weights joined by 'to'. */
export function parseWeightRange(text: string): { min: number; max: number } | null {
  const match = WEIGHT_RANGE.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { min: Number(match[1]), max: Number(match[2]) };
}

export const processingFeeSchema = z.object({
  id: z.number().int(),
  weightRange: z.string(),
  minWeight: z.number(),
  maxWeight: z.number(),
  fee: z.number(),
  createdAt: z.string(),
});
export type ProcessingFee = z.infer<typeof processingFeeSchema>;

export const processingFeeInputSchema = z.strictObject({
  weightRange: z
    .string({ error: SETTINGS_MESSAGES.weightRangeNeedsTo })
    .trim()
    .max(60, SETTINGS_MESSAGES.weightRangeNeedsTo)
    .refine((s) => parseWeightRange(s) !== null, SETTINGS_MESSAGES.weightRangeNeedsTo)
    .refine((s) => {
      const r = parseWeightRange(s);
      return r === null || r.min <= r.max;
    }, SETTINGS_MESSAGES.weightRangeOrder),
  fee: money(SETTINGS_MESSAGES.feeRequired),
});
export type ProcessingFeeInput = z.input<typeof processingFeeInputSchema>;
