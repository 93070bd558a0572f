import { z } from 'zod';
import { cardDigits, cardExpired, fullYear, luhnValid } from '../domain/card';
import { idSchema } from './common';

/** A customer's saved card, paying new invoices automatically, and paying a parcel before it arrives. */
export const SAVED_CARD_MESSAGES = {
  cardNumberRequired: 'Enter the card number as it is on the card',
  cardNumberInvalid: 'This card number is not valid: check the digits',
  expiryRequired: 'Enter the expiry as MM/YY',
  expired: 'This card has expired',
  cvvRequired: 'Enter the 3 or 4 digit security code from the back of the card',
  nameRequired: 'Enter the name on the card',
  notOffered: 'Saving a card is not offered by this courier. Pay by bank transfer or at the counter.',
  processorUnavailable: 'The card processor could not be reached. Nothing was charged. Please try again in a few minutes.',
  cardNotFound: 'Card not found',
  checkEnded: 'This card check has ended. Start again under Cards and automatic payment.',
  saved: 'Card saved',
  tooManyChecks: 'Too many cards tried in the last hour. Please wait an hour and try again.',
  checkFailed: 'Your bank did not confirm the card, so it was not saved. Try again, or use another card.',
  removed: 'Card removed. Nothing will be charged to it.',
  autopayOn: 'New invoices will be paid with your saved card. We e-mail you before each charge.',
  autopayOff: 'Automatic payment is off. Pay invoices yourself.',
  noCardForAutopay: 'Save a card first, then choose automatic payment',
  packageNotFound: 'Package not found',
  prepayNotManifested: 'A parcel can be paid before arrival once it is on a manifest',
  prepayInvoiced: (invoiceNo: string) => `This parcel is already on invoice ${invoiceNo}: pay the invoice instead`,
  prepayAlready: 'This parcel is already paid in advance',
  prepayNothing: 'This parcel has nothing to pay yet',
  prepayNeedsCard: 'Save a card first to pay before arrival',
  prepayDeclined:
    'Your card was declined, so nothing was paid. Check the card with your bank, save another card, or pay when the invoice comes.',
  prepaid: 'Paid in advance. It will be settled against the invoice when the parcel arrives.',
} as const;

/** What the customer types to save a card: checked here, sent to the processor once, never stored. */
export const saveCardInputSchema = z
  .strictObject({
    cardNumber: z
      .string({ error: SAVED_CARD_MESSAGES.cardNumberRequired })
      .trim()
      .min(1, SAVED_CARD_MESSAGES.cardNumberRequired)
      .max(30, SAVED_CARD_MESSAGES.cardNumberInvalid)
      .refine((v) => {
        const digits = cardDigits(v);
        return digits !== null && luhnValid(digits);
      }, SAVED_CARD_MESSAGES.cardNumberInvalid),
    expiry: z
      .string({ error: SAVED_CARD_MESSAGES.expiryRequired })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, SAVED_CARD_MESSAGES.expiryRequired),
    cvv: z
      .string({ error: SAVED_CARD_MESSAGES.cvvRequired })
      .trim()
      .regex(/^\d{3,4}$/, SAVED_CARD_MESSAGES.cvvRequired),
    cardholderName: z
      .string({ error: SAVED_CARD_MESSAGES.nameRequired })
      .trim()
      .min(1, SAVED_CARD_MESSAGES.nameRequired)
      .max(60, 'At most 60 characters'),
  })
  .superRefine((v, ctx) => {
    const parts = parseExpiry(v.expiry);
    if (parts && cardExpired(parts.month, parts.year, new Date())) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: SAVED_CARD_MESSAGES.expired });
    }
  });
export type SaveCardInput = z.input<typeof saveCardInputSchema>;

/** "12/28" or "12 / 2028" as month and four-digit year; null when it is not an expiry. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: fullYear(Number(match[2])) };
}

export const savedCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  /** New invoices are charged to it automatically, after a notice. */
  autopay: z.boolean(),
  /** Saved at the test processor (simulator): it charges nothing. */
  test: z.boolean(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const CARD_CHARGE_STATUSES = ['scheduled', 'paid', 'declined', 'cancelled'] as const;
export const scheduledChargeSchema = z.object({
  id: z.number().int(),
  invoiceNo: z.string(),
  amountCents: z.number().int(),
  /** The day (YYYY-MM-DD, the courier's calendar) it is charged. */
  chargeOn: z.string(),
  status: z.enum(CARD_CHARGE_STATUSES),
  message: z.string().nullable(),
  receiptNo: z.string().nullable(),
  test: z.boolean(),
});
export type ScheduledCharge = z.infer<typeof scheduledChargeSchema>;

export const savedCardsResponseSchema = z.object({
  /** The courier takes saved cards (its processor, or the test processor in test mode). */
  available: z.boolean(),
  test: z.boolean(),
  cards: z.array(savedCardSchema),
  charges: z.array(scheduledChargeSchema),
});
export type SavedCardsResponse = z.infer<typeof savedCardsResponseSchema>;

/** Where the browser goes for the bank's 3-D Secure check. */
export const cardCheckResponseSchema = z.object({ challengeUrl: z.string() });
export const autopayInputSchema = z.strictObject({ autopay: z.boolean({ error: 'Choose on or off' }) });

export const PREPAYMENT_STATUSES = ['held', 'settled'] as const;
export const prepaymentSchema = z.object({
  amountCents: z.number().int(),
  status: z.enum(PREPAYMENT_STATUSES),
  receiptNo: z.string(),
  invoiceNo: z.string().nullable(),
  /** Applied to the invoice, and what was over, added to account credit. */
  appliedCents: z.number().int(),
  creditedCents: z.number().int(),
  test: z.boolean(),
});
export const prepayParcelSchema = z.object({
  packageId: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  description: z.string().nullable(),
  manifestNo: z.string().nullable(),
  /** Today's estimate of its charges (null once invoiced or paid in advance). */
  estimateCents: z.number().int().nullable(),
  invoiceNo: z.string().nullable(),
  prepayment: prepaymentSchema.nullable(),
});
export type PrepayParcel = z.infer<typeof prepayParcelSchema>;
export const prepayListSchema = z.array(prepayParcelSchema);
export const prepayInputSchema = z.strictObject({ packageId: idSchema, cardId: idSchema });
export type PrepayInput = z.infer<typeof prepayInputSchema>;
export const prepayResponseSchema = z.object({ receiptNo: z.string(), amountCents: z.number().int(), message: z.string() });
