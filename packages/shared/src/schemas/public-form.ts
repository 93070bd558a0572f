import { parseCents } from '../format/money';
import type { AssistedPurchaseFormValues, AssistedPurchaseRequest } from './public';

/*
 * The zod-free part of the public area: limits, the fixed messages, the contact subjects and the
 * request builder. The web app's contact and Shop For Me pages import this module, and load the
 * schemas of ./public (and zod, ~25 KB gzip) only when a form is first validated, so zod is not on
 * their first paint. ./public re-exports every name, so the server and the tests import from there.
 */

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

/** The toast title and text and the field messages of the public forms (fixed words). */
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

/** The contact form's subjects, with the labels the select shows. */
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

/** The four fields whose absence raises the 'Missing Information' toast. */
export const ASSISTED_PURCHASE_REQUIRED_FIELDS = ['name', 'email', 'itemUrl1', 'itemDescription1'] as const;

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
        estimatedPriceUsdCents: parseCents(form.estimatedPrice1),
      },
      ...form.additionalItems.map((item) => ({
        itemUrl: item.itemUrl,
        itemDescription: item.itemDescription,
        quantity: item.quantity,
        estimatedPriceUsdCents: parseCents(item.estimatedPrice),
      })),
    ],
    notes: form.notes,
  };
}
