import { z } from 'zod';
import { CONTACT_SUBJECTS, PUBLIC_FORM_LIMITS, PUBLIC_MESSAGES } from './public-form';
import { queryIdSchema } from './common';

// The limits, messages, subjects and the request builder live in ./public-form (no zod there, so the
// web app's public forms can show them before loading zod); this module keeps every name.
export {
  ASSISTED_PURCHASE_REQUIRED_FIELDS,
  CONTACT_SUBJECTS,
  CONTACT_SUBJECT_LABELS,
  PUBLIC_FORM_LIMITS,
  PUBLIC_MESSAGES,
  toAssistedPurchaseRequest,
} from './public-form';
export type { ContactSubject } from './public-form';

const L = PUBLIC_FORM_LIMITS;
const M = PUBLIC_MESSAGES;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const nameField = z.string().trim().min(1, M.nameRequired).max(L.nameMax, M.tooLong(L.nameMax));
const emailField = z
  .string()
  .trim()
  .min(1, { message: M.emailRequired, abort: true })
  .max(L.emailMax, M.tooLong(L.emailMax))
  .regex(EMAIL_PATTERN, M.emailInvalid)
  .transform((v) => v.toLowerCase());
const itemUrlField = z
  .string()
  .trim()
  .min(1, { message: M.itemUrlRequired, abort: true })
  .max(L.urlMax, M.tooLong(L.urlMax))
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, M.itemUrlInvalid);
const itemDescriptionField = z.string().trim().min(1, M.itemDescriptionRequired).max(L.descriptionMax, M.tooLong(L.descriptionMax));
const apiKeyField = z.string().trim().min(1).max(L.apiKeyMax).optional();

/** One item to buy, as the API stores it; the estimated price is USD cents. */
export const assistedPurchaseItemSchema = z.strictObject({
  itemUrl: itemUrlField,
  itemDescription: itemDescriptionField,
  quantity: z.number().int().min(1, M.quantityMin).max(L.quantityMax),
  estimatedPriceUsdCents: z.number().int().min(0, M.priceInvalid).max(L.priceMaxCents).nullable(),
});
export type AssistedPurchaseItem = z.infer<typeof assistedPurchaseItemSchema>;

/** POST /api/public/assisted-purchase. `apiKey` picks the courier; without it the default key does. */
export const assistedPurchaseRequestSchema = z.strictObject({
  apiKey: apiKeyField,
  name: nameField,
  email: emailField,
  items: z.array(assistedPurchaseItemSchema).min(1, M.missingInformation).max(L.maxItems, M.tooManyItems),
  notes: z.string().trim().max(L.notesMax, M.tooLong(L.notesMax)).default(''),
});
export type AssistedPurchaseRequest = z.input<typeof assistedPurchaseRequestSchema>;

/** A price field of the form: empty, or a number of dollars with at most two decimals. */
const priceInput = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) * 100 <= L.priceMaxCents), M.priceInvalid);
const quantityInput = z.coerce.number<string | number>().int(M.quantityMin).min(1, M.quantityMin).max(L.quantityMax);

/** The assisted-purchase form state: item 1 flat, the rest in a list. */
export const assistedPurchaseFormSchema = z.object({
  name: nameField,
  email: emailField,
  itemUrl1: itemUrlField,
  itemDescription1: itemDescriptionField,
  quantity1: quantityInput,
  estimatedPrice1: priceInput,
  additionalItems: z
    .array(
      z.object({
        itemUrl: itemUrlField,
        itemDescription: itemDescriptionField,
        quantity: quantityInput,
        estimatedPrice: priceInput,
      }),
    )
    .max(L.maxItems - 1, M.tooManyItems),
  notes: z.string().trim().max(L.notesMax, M.tooLong(L.notesMax)),
});
export type AssistedPurchaseFormInput = z.input<typeof assistedPurchaseFormSchema>;
export type AssistedPurchaseFormValues = z.output<typeof assistedPurchaseFormSchema>;

/** The contact form and POST /api/public/contact (plus the optional apiKey). */
export const contactFormSchema = z.object({
  name: nameField,
  email: emailField,
  subject: z.enum(CONTACT_SUBJECTS, M.subjectRequired),
  message: z.string().trim().min(1, M.messageRequired).max(L.messageMax, M.tooLong(L.messageMax)),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export const contactRequestSchema = z.strictObject({ ...contactFormSchema.shape, apiKey: apiKeyField });
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const publicSubmissionResponseSchema = z.object({ success: z.literal(true), id: z.number().int(), message: z.string() });
export type PublicSubmissionResponse = z.infer<typeof publicSubmissionResponseSchema>;

/** What the courier's admins read in their inbox. */
export const assistedPurchaseRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  items: z.array(
    z.object({
      itemUrl: z.string(),
      itemDescription: z.string(),
      quantity: z.number().int(),
      estimatedPriceUsdCents: z.number().int().nullable(),
    }),
  ),
  notes: z.string(),
  createdAt: z.string(),
});
export type AssistedPurchaseRecord = z.infer<typeof assistedPurchaseRecordSchema>;

export const contactMessageRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessageRecord = z.infer<typeof contactMessageRecordSchema>;

/** The inbox lists: newest first, paged; the super admin names the courier. */
export const inboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  courierId: queryIdSchema.optional(),
});
