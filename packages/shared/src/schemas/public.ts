import { z } from 'zod';

/** Limits of the public forms: a public endpoint must bound everything it stores. */
export const PUBLIC_FORM_LIMITS = {
  maxItems: 20,
  nameMax: 120,
  emailMax: 254,
  urlMax: 2000,
  descriptionMax: 1000,
  notesMax: 2000,
  messageMax: 5000,
  apiKeyMax: 128,
  quantityMax: 999,
  /** USD 1,000,000 in cents: anything above is a typo, not a shopping request. */
  priceMaxCents: 100_000_000,
} as const;

/** Part 1 §5 (toast title and text) and the field messages of the public forms. */
export const PUBLIC_MESSAGES = {
  missingInformationTitle: 'Missing Information',
  missingInformation: 'Please fill in your name, email, and details for at least one item.',
  nameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  itemUrlRequired: 'Item URL is required',
  itemUrlInvalid: 'Enter the full product link, starting with http:// or https://',
  itemDescriptionRequired: 'Item description is required',
  quantityMin: 'Quantity must be at least 1',
  priceInvalid: 'Enter a price of 0 or more, e.g. 24.99',
  subjectRequired: 'Please choose a subject',
  messageRequired: 'Message is required',
  tooManyItems: `At most ${PUBLIC_FORM_LIMITS.maxItems} items per request`,
  tooLong: (max: number) => `At most ${max} characters`,
  assistedPurchaseSent: "Request received! We'll e-mail you a quote before we buy anything.",
  contactSent: "Message sent! We'll get back to you within one business day.",
  courierNotFound: 'Courier not found',
} as const;

/** Part 1 §3: the contact form's subjects, with the labels the select shows. */
export const CONTACT_SUBJECTS = ['general', 'shipping', 'account', 'tracking', 'billing', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: 'General inquiry',
  shipping: 'Shipping & rates',
  account: 'My account',
  tracking: 'Package tracking',
  billing: 'Billing & payments',
  other: 'Other',
};

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

/** The assisted-purchase form as part 1 §3 names its state: item 1 flat, the rest in a list. */
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

/** The four fields whose absence raises the 'Missing Information' toast (part 1 §5). */
export const ASSISTED_PURCHASE_REQUIRED_FIELDS = ['name', 'email', 'itemUrl1', 'itemDescription1'] as const;

function priceToCents(price: string): number | null {
  return price === '' ? null : Math.round(Number(price) * 100);
}

/** Turns the validated form into the API body. */
export function toAssistedPurchaseRequest(form: AssistedPurchaseFormValues, apiKey?: string): AssistedPurchaseRequest {
  return {
    apiKey,
    name: form.name,
    email: form.email,
    items: [
      {
        itemUrl: form.itemUrl1,
        itemDescription: form.itemDescription1,
        quantity: form.quantity1,
        estimatedPriceUsdCents: priceToCents(form.estimatedPrice1),
      },
      ...form.additionalItems.map((item) => ({
        itemUrl: item.itemUrl,
        itemDescription: item.itemDescription,
        quantity: item.quantity,
        estimatedPriceUsdCents: priceToCents(item.estimatedPrice),
      })),
    ],
    notes: form.notes,
  };
}

/** The contact form (part 1 §3) and POST /api/public/contact (plus the optional apiKey). */
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
  courierId: z.coerce.number().int().positive().optional(),
});
