import { z } from 'zod';
import { CLAIM_STATUSES } from '../../constants/packages';
import { noteSchema, trackingNumberSchema } from './fields';

// Unknown-package claims: a customer claims a parcel received with no mailbox.

export const claimFieldsSchema = z.object({
  trackingNumber: trackingNumberSchema,
  note: noteSchema.optional(),
});

export const claimSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  note: z.string().nullable(),
  proofName: z.string(),
  status: z.enum(CLAIM_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ClaimDto = z.infer<typeof claimSchema>;
