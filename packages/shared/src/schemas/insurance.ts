import { z } from 'zod';
import { idSchema } from './common';

/** Insurance of a package for its declared value, and claims on it. */
export const CLAIM_REASONS = ['damaged', 'lost'] as const;
export const CLAIM_STATUSES = ['open', 'approved', 'declined'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** How an approved claim is paid: account credit, or a refund the courier sends (bank transfer). */
export const CLAIM_PAYOUTS = ['account_credit', 'refund'] as const;
export type ClaimPayout = (typeof CLAIM_PAYOUTS)[number];
export const CLAIM_PAYOUT_LABELS: Record<ClaimPayout, string> = {
  account_credit: 'Account credit',
  refund: 'Refund (bank transfer)',
};
export const CLAIM_REASON_LABELS: Record<(typeof CLAIM_REASONS)[number], string> = { damaged: 'Damaged', lost: 'Lost' };
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { open: 'Open', approved: 'Approved', declined: 'Declined' };

export const INSURANCE_MESSAGES = {
  notInsured: 'Only an insured package can have a claim',
  noValue: 'Enter the declared value first: the package is insured for it',
  noInsurance: 'This courier does not offer insurance',
  claimOpen: 'This package already has a claim',
  claimNotFound: 'Claim not found',
  claimDecided: 'This claim already has its outcome',
  alreadyInvoiced: 'The package is already invoiced; its insurance can no longer change',
  descriptionRequired: 'Please describe what happened',
  reasonRequired: 'Please give the reason',
  approvedRequired: 'Please enter the approved amount',
  approvedTooHigh: 'The approved amount cannot be more than the insured value',
  payoutRequired: 'Choose how the claim is paid: account credit or a refund',
  notArrived: 'A damage claim can be opened once the package has arrived in Jamaica',
  photoClaimClosed: 'Photos can be added while the claim is open',
} as const;

export const insurePackageSchema = z.object({ insured: z.boolean() });
export const insureByDefaultSchema = z.object({ insureByDefault: z.boolean() });
/** The customer's setting, and whether their courier offers insurance at all. */
export const insureByDefaultViewSchema = insureByDefaultSchema.extend({ offered: z.boolean() });

export const claimCreateSchema = z.object({
  packageId: idSchema,
  reason: z.enum(CLAIM_REASONS, { error: 'Choose damaged or lost' }),
  description: z.string().trim().min(1, INSURANCE_MESSAGES.descriptionRequired).max(2000, 'At most 2000 characters'),
});
export type ClaimCreateInput = z.infer<typeof claimCreateSchema>;

export const claimDecisionSchema = z.object({
  outcome: z.enum(['approved', 'declined'], { error: 'Choose approved or declined' }),
  /** US dollars; required when approved (the service says so). */
  approvedAmount: z.number().min(0, 'Amount must be 0 or more').max(1_000_000, 'Amount is too large').nullable().default(null),
  reason: z.string().trim().min(1, INSURANCE_MESSAGES.reasonRequired).max(2000, 'At most 2000 characters'),
  /** How an approved claim is paid; required when approved. */
  payout: z.enum(CLAIM_PAYOUTS, { error: INSURANCE_MESSAGES.payoutRequired }).nullable().default(null),
});
export type ClaimDecisionInput = z.input<typeof claimDecisionSchema>;

/** The decision form: an approved claim needs its amount. */
export const claimDecisionFormSchema = claimDecisionSchema
  .refine((d) => d.outcome === 'declined' || (d.approvedAmount !== null && d.approvedAmount !== undefined && d.approvedAmount > 0), {
    message: INSURANCE_MESSAGES.approvedRequired,
    path: ['approvedAmount'],
  })
  .refine((d) => d.outcome === 'declined' || (d.payout !== null && d.payout !== undefined), {
    message: INSURANCE_MESSAGES.payoutRequired,
    path: ['payout'],
  });

export const claimSchema = z.object({
  id: idSchema,
  claimNo: z.string(),
  packageId: idSchema,
  packageNumber: z.string(),
  customerName: z.string(),
  reason: z.enum(CLAIM_REASONS),
  description: z.string(),
  insuredValueUsdCents: z.number(),
  status: z.enum(CLAIM_STATUSES),
  approvedUsdCents: z.number().nullable(),
  decisionReason: z.string().nullable(),
  payout: z.enum(CLAIM_PAYOUTS).nullable(),
  /** What was paid, JMD cents. */
  payoutCents: z.number().nullable(),
  photos: z.array(z.object({ id: idSchema, width: z.number(), height: z.number() })),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

/** What the package page shows about insurance and storage. */
export const packageCoverSchema = z.object({
  /** Where the package is: the claim rule (domain/claims.ts) weighs it on the page as the API does. */
  packageStatus: z.string(),
  heldFrom: z.string().nullable(),
  insuranceOffered: z.boolean(),
  insured: z.boolean(),
  canChange: z.boolean(),
  /** Premium in the courier's cents at today's rate, for the declared value. */
  premiumCents: z.number().nullable(),
  insuranceRule: z.string().nullable(),
  claims: z.array(claimSchema),
  storage: z
    .object({
      freeUntil: z.string(),
      dailyCents: z.number(),
      /** "free until Dec 3, then JMD 50 a day" */
      text: z.string(),
      started: z.boolean(),
    })
    .nullable(),
});
export type PackageCover = z.infer<typeof packageCoverSchema>;
