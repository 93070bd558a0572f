import { FEE_APPLIES_TO, FEE_BAND_BASES, FEE_CODES, FEE_METHODS } from '../../domain/fees';
import { publicSiteSchema } from '../public-site';
import { z } from 'zod';

/** GET /billing/rates: what the courier charges, the inputs of `computeCharges`. */
export const courierRatesSchema = z.object({
  rates: z.array(z.object({ weightLbs: z.number(), costCents: z.number().int(), status: z.enum(['active', 'inactive']) })),
  additionalPoundCents: z.number().int(),
  processingFees: z.array(z.object({ minLbs: z.number(), maxLbs: z.number(), feeCents: z.number().int() })),
  gctPercent: z.number(),
  unknownFeeCents: z.number().int(),
  uncollectedFeeCents: z.number().int(),
  switchingFeeCents: z.number().int(),
  exchangeRateJmdPerUsd: z.number(),
  rateSheetUrl: z.string().nullable(),
  /** Every fee of the engine in force today (storage, consolidation, insurance, photo, Shop For Me, ...). */
  feesInForce: z.array(
    z.object({
      code: z.enum(FEE_CODES).nullable(),
      name: z.string(),
      appliesTo: z.enum(FEE_APPLIES_TO),
      method: z.enum(FEE_METHODS),
      amountCents: z.number().int(),
      percentBps: z.number().int(),
      minimumCents: z.number().int(),
      freeDays: z.number().int(),
      bands: z.array(z.object({ from: z.number(), to: z.number().nullable(), cents: z.number().int() })),
      bandBasis: z.enum(FEE_BAND_BASES),
      gctApplies: z.boolean(),
      /** Shop For Me is priced in USD; every other fee in JMD. */
      currency: z.enum(['JMD', 'USD']),
    }),
  ),
  /** The customs rates in force: the calculator estimates the entry invoices charge. */
  customsRates: publicSiteSchema.shape.customsRates,
  /** How the courier bills bulky parcels (null: by actual weight). */
  volumetric: publicSiteSchema.shape.volumetric,
});
export type CourierRatesView = z.infer<typeof courierRatesSchema>;
