import { z } from 'zod';
import { idSchema } from '../common';
import { releaseOverrideFields, releaseOverrideFormSchema } from '../release';
import { AUTHORISED_PEOPLE_MESSAGES, authorisedPersonSchema } from '../authorised-people';
import { invoiceDetailSchema } from './invoices';
import { BILLING_MESSAGES } from './messages';

// Collection at the counter: who collects, the signature, the release override.

/** A canvas PNG as a data URL; the server checks the decoded bytes too. At most ~700 KB. */
export const SIGNATURE_MAX_CHARS = 1_000_000;
export const collectSchema = z.strictObject({
  collectorName: z.string().trim().min(1, BILLING_MESSAGES.collectorRequired).max(120, 'At most 120 characters'),
  signature: z
    .string({ error: BILLING_MESSAGES.signatureRequired })
    .min(1, BILLING_MESSAGES.signatureRequired)
    .max(SIGNATURE_MAX_CHARS, 'The signature image is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, BILLING_MESSAGES.signatureInvalid),
  /** One of the customer's authorised people collects: their name and ID are recorded from the list. */
  authorisedPersonId: idSchema.optional(),
  /** The clerk checked the authorised person's ID against the one on the list. */
  idChecked: z.boolean().optional(),
  /** Someone holding `release_override` lets an invoice with a balance be collected, with a reason. */
  ...releaseOverrideFields,
});
export type CollectInput = z.input<typeof collectSchema>;

/** The counter's collection as typed: who collects, the pad's PNG ('' until signed) and the release override. */
export const collectFormSchema = z
  .object({
    collectorName: collectSchema.shape.collectorName,
    signature: collectSchema.shape.signature,
    /** Who collects: 'customer', 'other' or an authorised person's id. */
    collector: z.string(),
    idChecked: z.boolean(),
    override: releaseOverrideFormSchema,
  })
  .refine((v) => !/^\d+$/.test(v.collector) || v.idChecked, { message: AUTHORISED_PEOPLE_MESSAGES.idNotChecked, path: ['idChecked'] });

export const collectionViewSchema = z.object({
  invoice: invoiceDetailSchema,
  canOverride: z.boolean(),
  /** Where each parcel waiting for pickup sits at the branch: its shelf, null until put away. */
  shelves: z.array(z.object({ packageId: z.number().int(), packageNumber: z.string(), shelfCode: z.string().nullable() })),
  /** The people the customer lets collect for them, with the ID to check. */
  authorisedPeople: z.array(authorisedPersonSchema).optional(),
});
export type CollectionView = z.infer<typeof collectionViewSchema>;
