import { MAX_CUSTOMS_DAYS } from '../../domain/arrival';
import { z } from 'zod';
import { PACKAGE_MESSAGES, twoDecimals } from './fields';

/** The courier's warehouse settings: the heavy-weight ceiling and whether every package needs an invoice. */
export const warehouseSettingsSchema = z.strictObject({
  heavyWeightLb: z
    .number({ error: PACKAGE_MESSAGES.weightRequired })
    // Below a pound every parcel would ask for confirmation (and 0.001 would be stored as 0.00).
    .min(1, PACKAGE_MESSAGES.heavyWeightMin)
    .max(2000, PACKAGE_MESSAGES.weightMax)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals),
  requireInvoice: z.boolean(),
  /** AIR parcels bill the greater of actual and volumetric weight (cubic inches / divisor). */
  volumetricAir: z.boolean(),
  airDivisorIn3PerLb: z
    .number({ error: PACKAGE_MESSAGES.divisorRequired })
    .min(50, PACKAGE_MESSAGES.divisorRange)
    .max(400, PACKAGE_MESSAGES.divisorRange)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals),
  /** SEA parcels bill the greater of actual and volumetric weight (cubic feet x pounds per cubic foot). */
  volumetricSea: z.boolean(),
  seaLbPerFt3: z
    .number({ error: PACKAGE_MESSAGES.lbPerFt3Required })
    .positive(PACKAGE_MESSAGES.lbPerFt3Range)
    .max(100, PACKAGE_MESSAGES.lbPerFt3Range)
    .refine(twoDecimals, PACKAGE_MESSAGES.twoDecimals),
  /** Days a package spends clearing customs after its flight or vessel lands (the arrival estimate). */
  customsDays: z
    .number({ error: 'Enter the customs days' })
    .int('Customs days are whole days')
    .min(0, 'Customs days cannot be negative')
    .max(MAX_CUSTOMS_DAYS, `Customs days are at most ${MAX_CUSTOMS_DAYS}`)
    .optional(),
});
export type WarehouseSettings = z.infer<typeof warehouseSettingsSchema>;
/** What a save may send: the volumetric fields left out keep their value. */
export const warehouseSettingsInputSchema = warehouseSettingsSchema.partial({
  volumetricAir: true,
  airDivisorIn3PerLb: true,
  volumetricSea: true,
  seaLbPerFt3: true,
});
export type WarehouseSettingsInput = z.infer<typeof warehouseSettingsInputSchema>;
