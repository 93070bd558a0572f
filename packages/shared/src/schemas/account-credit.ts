import { z } from 'zod';
import { parseCents } from '../format/money';
import { centsSchema, invoiceNoSchema } from './billing';
import { calendarDateSchema, courierListQuerySchema, idSchema, queryIdSchema, rowTimeZoneSchema } from './common';

/** Ledger entry kinds: credit in (refund, goodwill, referral, coupon) and credit used. */
export const CREDIT_ENTRY_KINDS = ['refund', 'goodwill', 'referral', 'coupon', 'used', 'claim', 'prepayment'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];
export const CREDIT_ENTRY_LABELS: Record<CreditEntryKind, string> = {
  refund: 'Refund',
  goodwill: 'Goodwill',
  referral: 'Referral reward',
  coupon: 'Coupon',
  used: 'Used on an invoice',
  claim: 'Insurance claim',
  prepayment: 'Paid in advance, over the invoice',
};

/**
 * A ledger entry as one reads it: its label, then what it was ("Goodwill: Late delivery"), or the
 * description alone when it already begins with the label's word ("Used on INV-000012 …").
 */
export function creditEntryText(kind: CreditEntryKind, description: string): string {
  const label = CREDIT_ENTRY_LABELS[kind];
  const word = label.split(' ')[0]?.toLowerCase() ?? '';
  return description.toLowerCase().startsWith(word) ? description : `${label}: ${description}`;
}

export const COUPON_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  percent: 'Percentage off an invoice',
  fixed: 'Fixed amount off an invoice',
  free_delivery: 'Free delivery',
};

export { REFERRAL_FIELD_LABEL } from '../constants/referrals';

export const CREDIT_MESSAGES = {
  notEnoughCredit: (available: string) => `Not enough account credit: JMD ${available} available`,
  noCredit: 'This customer has no account credit',
  goodwillAdded: 'Account credit added',
  creditUsed: 'Account credit applied',
  couponApplied: 'Coupon applied',
  couponAndCreditApplied: 'Coupon and account credit applied',
  reasonRequired: 'Enter a reason',
  codeUnknown: 'This referral or coupon code is not valid here',
  couponNotFound: 'Coupon not found',
  couponExpired: 'This coupon is not valid today',
  couponUsedUp: 'This coupon has been used up',
  couponUsedBefore: 'You have already used this coupon',
  couponNoDelivery: 'This invoice has no delivery charge',
  couponCodeTaken: 'A coupon with this code already exists',
  couponSaved: 'Coupon saved',
  couponDatesOrder: 'The end date must not be before the start date',
  percentRange: 'Enter a whole percentage from 1 to 100',
  amountRequired: 'Enter an amount',
  invoiceSettled: 'This invoice has nothing left to pay',
  rewardsSaved: 'Referral rewards saved',
  statementMonth: 'Choose a month',
  ownReferral: 'You cannot use your own referral code',
} as const;

export const creditEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  description: z.string(),
  receiptNo: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const creditAccountSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  accountType: z.enum(['individual', 'business']),
  balanceCents: z.number().int(),
  timeZone: rowTimeZoneSchema,
  referralCode: z.string(),
  referralLink: z.string(),
  referredByName: z.string().nullable(),
  /** The coupon typed at registration, while the customer has not used it yet. */
  pendingCouponCode: z.string().nullable(),
  entries: z.array(creditEntrySchema),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

export const creditAccountQuerySchema = z.object({ customerId: queryIdSchema.optional(), courierId: queryIdSchema.optional() });

const reasonSchema = z
  .string({ error: CREDIT_MESSAGES.reasonRequired })
  .trim()
  .min(1, CREDIT_MESSAGES.reasonRequired)
  .max(500, 'At most 500 characters');

/** Staff add goodwill credit with a reason. */
export const goodwillCreditSchema = z.strictObject({ customerId: idSchema, amountCents: centsSchema, reason: reasonSchema });
export type GoodwillCreditInput = z.input<typeof goodwillCreditSchema>;

/** The customer (or staff for them) uses credit, and optionally a coupon, on one invoice. */
export const useCreditSchema = z.strictObject({
  invoiceNo: invoiceNoSchema,
  /** Credit to draw; left out = as much as the invoice and the balance allow. */
  amountCents: centsSchema.optional(),
  couponCode: z.string().trim().max(40).optional(),
});
export type UseCreditInput = z.input<typeof useCreditSchema>;
export const useCreditResponseSchema = z.object({
  receiptNo: z.string().nullable(),
  couponCents: z.number().int(),
  creditCents: z.number().int(),
  balanceCents: z.number().int(),
  invoiceBalanceCents: z.number().int(),
  message: z.string(),
});

const optionalDate = z
  .union([calendarDateSchema(), z.literal('')])
  .nullable()
  .optional()
  .transform((v) => v || null);

export const couponInputSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(3, 'At least 3 characters')
      .max(40, 'At most 40 characters')
      .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and dashes only')
      .transform((v) => v.toUpperCase()),
    kind: z.enum(COUPON_KINDS),
    percent: z
      .number()
      .int(CREDIT_MESSAGES.percentRange)
      .min(1, CREDIT_MESSAGES.percentRange)
      .max(100, CREDIT_MESSAGES.percentRange)
      .nullable()
      .optional(),
    amountCents: centsSchema.nullable().optional(),
    validFrom: optionalDate,
    validUntil: optionalDate,
    maxUses: z.number().int().positive('At least 1').max(1_000_000).nullable().optional(),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !v.percent) ctx.addIssue({ code: 'custom', path: ['percent'], message: CREDIT_MESSAGES.percentRange });
    if (v.kind === 'fixed' && !v.amountCents)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: CREDIT_MESSAGES.amountRequired });
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: CREDIT_MESSAGES.couponDatesOrder });
  });
export type CouponInput = z.input<typeof couponInputSchema>;

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percent: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int(),
  discountedCents: z.number().int(),
  active: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const referralRewardsSchema = z.strictObject({
  referrerRewardCents: z.number().int().min(0).max(100_000_000),
  referredRewardCents: z.number().int().min(0).max(100_000_000),
});
export type ReferralRewards = z.infer<typeof referralRewardsSchema>;

export const referralSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  mailboxNumber: z.string(),
  referrerId: z.number().int(),
  referrerName: z.string(),
  referrerMailboxNumber: z.string(),
  registeredAt: z.string(),
  rewardedAt: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;
export const referralListQuerySchema = courierListQuerySchema;

export const statementQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, CREDIT_MESSAGES.statementMonth),
  customerId: queryIdSchema.optional(),
  courierId: queryIdSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Forms: what people type (amounts as "12.50"), turned into the API's inputs.

const moneyText = (required: boolean) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.amountRequired });
        return;
      }
      const cents = parseCents(v);
      if (cents === null) ctx.addIssue({ code: 'custom', message: 'Enter an amount like 1500 or 1500.50' });
      else if (cents <= 0) ctx.addIssue({ code: 'custom', message: 'Enter an amount above zero' });
    })
    .transform((v) => (v === '' ? undefined : (parseCents(v) ?? Number.NaN)));

export const goodwillFormSchema = z.object({ amount: moneyText(true), reason: reasonSchema });
export const useCreditFormSchema = z.object({ amount: moneyText(false), couponCode: z.string().trim().max(40) });
export const referralRewardsFormSchema = z.object({ referrer: moneyText(false), referred: moneyText(false) });
export const couponFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    percent: z.string().trim(),
    amount: moneyText(false),
    validFrom: z.string(),
    validUntil: z.string(),
    maxUses: z.string().trim().regex(/^\d*$/, 'A whole number'),
  })
  .transform(
    (v): z.input<typeof couponInputSchema> => ({
      code: v.code,
      kind: v.kind,
      percent: v.kind === 'percent' && v.percent !== '' ? Number(v.percent) : null,
      amountCents: v.kind === 'fixed' ? (v.amount ?? null) : null,
      validFrom: v.validFrom || null,
      validUntil: v.validUntil || null,
      maxUses: v.maxUses === '' ? null : Number(v.maxUses),
      active: true,
    }),
  )
  // The typed values go through the API's own rules (code, percent range, dates in order).
  .pipe(couponInputSchema);
