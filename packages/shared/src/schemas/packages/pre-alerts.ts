import { z } from 'zod';
import { PRE_ALERT_STATUSES } from '../../constants/packages';
import { PACKAGE_MESSAGES, carrierSchema, trackingNumberSchema } from './fields';

// Pre-alerts: the customer tells us a parcel is on its way.

export const createPreAlertSchema = z.strictObject({
  trackingNumber: trackingNumberSchema,
  merchant: z.string({ error: PACKAGE_MESSAGES.merchantRequired }).trim().min(1, PACKAGE_MESSAGES.merchantRequired).max(100),
  description: z.string({ error: PACKAGE_MESSAGES.descriptionRequired }).trim().min(1, PACKAGE_MESSAGES.descriptionRequired).max(200),
  declaredValueUsdCents: z
    .number({ error: PACKAGE_MESSAGES.valueRequired })
    .int(PACKAGE_MESSAGES.twoDecimals)
    .min(0, PACKAGE_MESSAGES.valueNotNegative)
    .max(10_000_000),
});
export type CreatePreAlertInput = z.infer<typeof createPreAlertSchema>;

export const preAlertSchema = z.object({
  id: z.number().int(),
  trackingNumber: z.string(),
  carrier: carrierSchema,
  merchant: z.string(),
  description: z.string(),
  declaredValueUsdCents: z.number().int(),
  hasInvoice: z.boolean(),
  /** Set on a Shop For Me order: the courier holds its merchant invoice. */
  shopRequestNo: z.string().nullable(),
  invoiceName: z.string().nullable(),
  status: z.enum(PRE_ALERT_STATUSES),
  customerId: z.number().int(),
  customerName: z.string().optional(),
  mailboxNumber: z.string().optional(),
  packageId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PreAlertDto = z.infer<typeof preAlertSchema>;
