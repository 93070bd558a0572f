import { CUSTOMS_PARTS, TARIFF_CLASSES } from '../domain/customs';
import { z } from 'zod';
import { FEE_APPLIES_TO, FEE_BAND_BASES, FEE_CODES, FEE_METHODS } from '../domain/fees';
import { calendarDateSchema, idSchema } from './common';
import { hasAtMostDecimals } from './settings';

/** The Fees settings screen (the fee engine): its words, the form and what the API answers. */
export const FEE_MESSAGES = {
  title: 'Fees',
  intro: 'Each fee keeps its history: a change is a new version from a date, and an invoice keeps the rates of its day.',
  nameRequired: 'Please enter the fee name',
  fromRequired: 'Please choose the date the fee starts',
  feeNotFound: 'Fee not found',
  bandsRequired: 'Add at least one band',
  bandOrder: 'A band must end after it starts',
  percentMax: 'The percentage cannot be more than 100',
  toBeforeFrom: 'The end date must be on or after the start date',
  pastDate: 'A new version starts today or later; past invoices keep their rates',
  customsSourceRequired: 'Please name the published source of this rate (notice, gazette or page)',
  customsClassRequired: 'Choose the tariff class this duty applies to',
  storageDaily: 'Storage charges per day: use a fixed daily amount or bands by weight',
  codeFixedUse: (name: string) => `${name} is a fee billing relies on; it cannot apply to something else`,
  noEmpty: 'No fees yet. Add the first one.',
  serviceFeeMissing: 'This service has no price in force yet; set it on the Fees tab',
  codeTaken: (name: string) => `This courier already has its ${name} fee: change it with a new version`,
} as const;

const amount = z
  .number({ error: 'Please enter an amount' })
  .min(0, 'Amount must be 0 or more')
  .max(100_000_000, 'Amount is too large')
  .refine((n) => hasAtMostDecimals(n, 2), 'Use at most two decimal places');

export const feeBandInputSchema = z
  .object({
    from: z.number({ error: 'Enter where the band starts' }).min(0, 'Amount must be 0 or more').max(1_000_000, 'Too large'),
    to: z.number().min(0, 'Amount must be 0 or more').max(1_000_000, 'Too large').nullable(),
    amount,
  })
  .refine((b) => b.to === null || b.to >= b.from, { message: FEE_MESSAGES.bandOrder, path: ['to'] });

/** A fee version as the form writes it: money in currency units (500.00), percentages in percent. */
export const feeVersionInputSchema = z
  .object({
    name: z.string().trim().min(1, FEE_MESSAGES.nameRequired).max(80, 'At most 80 characters'),
    method: z.enum(FEE_METHODS, { error: 'Choose how the fee is computed' }),
    amount: amount.default(0),
    percent: z
      .number({ error: 'Please enter a percentage' })
      .min(0, 'Percentage must be 0 or more')
      .max(100, FEE_MESSAGES.percentMax)
      .refine((n) => hasAtMostDecimals(n, 2), 'Use at most two decimal places')
      .default(0),
    minimum: amount.default(0),
    bands: z.array(feeBandInputSchema).max(50, 'At most 50 bands').default([]),
    bandBasis: z.enum(FEE_BAND_BASES).default('weight'),
    freeDays: z.number().int('Whole days only').min(0, 'Days must be 0 or more').max(365, 'At most 365 days').default(0),
    gctApplies: z.boolean().default(false),
    effectiveFrom: calendarDateSchema(FEE_MESSAGES.fromRequired),
    effectiveTo: calendarDateSchema().nullable().default(null),
  })
  .refine((v) => !(v.method === 'tiered' || v.method === 'threshold') || v.bands.length > 0, {
    message: FEE_MESSAGES.bandsRequired,
    path: ['bands'],
  })
  .refine((v) => v.effectiveTo === null || v.effectiveTo >= v.effectiveFrom, { message: FEE_MESSAGES.toBeforeFrom, path: ['effectiveTo'] });
export type FeeVersionInput = z.input<typeof feeVersionInputSchema>;

/** A courier's own fee, or its storage, insurance, photo-of-contents, return or discard fee (one each; billing finds them by code). */
export const OWN_FEE_CODES = ['storage', 'insurance', 'contents_photo', 'return_to_sender', 'discard'] as const;
export const feeCreateSchema = feeVersionInputSchema.and(
  z.object({
    appliesTo: z.enum(FEE_APPLIES_TO, { error: 'Choose what the fee applies to' }),
    code: z.enum(OWN_FEE_CODES).nullable().default(null),
  }),
);
export type FeeCreateInput = z.input<typeof feeCreateSchema>;

export const feeVersionSchema = z.object({
  id: idSchema,
  name: z.string(),
  method: z.enum(FEE_METHODS),
  amount: z.number(),
  percent: z.number(),
  minimum: z.number(),
  bands: z.array(z.object({ from: z.number(), to: z.number().nullable(), amount: z.number() })),
  bandBasis: z.enum(FEE_BAND_BASES),
  freeDays: z.number(),
  gctApplies: z.boolean(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** The version billing uses today. */
  inForce: z.boolean(),
});
export type FeeVersionView = z.infer<typeof feeVersionSchema>;

export const feeSchema = z.object({
  id: idSchema,
  code: z.enum(FEE_CODES).nullable(),
  name: z.string(),
  appliesTo: z.enum(FEE_APPLIES_TO),
  /** Newest first. */
  versions: z.array(feeVersionSchema),
});
export type FeeView = z.infer<typeof feeSchema>;

export const taxRateSchema = z.object({
  country: z.string(),
  code: z.string(),
  name: z.string(),
  percent: z.number(),
  effectiveFrom: z.string(),
  inForce: z.boolean(),
});

/** A customs rate as the Fees tab shows it: percent, flat amount, threshold, each with its source. */
export const customsRateViewSchema = z.object({
  id: idSchema,
  part: z.enum(CUSTOMS_PARTS),
  tariffClass: z.enum(TARIFF_CLASSES).nullable(),
  percent: z.number(),
  /** JMD (CAF, stamp duty). */
  amount: z.number(),
  /** Stamp duty: CIF over (JMD); de minimis: FOB up to (USD). */
  threshold: z.number(),
  effectiveFrom: z.string(),
  source: z.string(),
  inForce: z.boolean(),
});
export type CustomsRateView = z.infer<typeof customsRateViewSchema>;

/** A new dated version of one customs rate (the old one stays for the invoices of its days). */
export const customsRateInputSchema = z
  .strictObject({
    part: z.enum(CUSTOMS_PARTS),
    tariffClass: z.enum(TARIFF_CLASSES).nullable().default(null),
    percent: z
      .number()
      .min(0)
      .max(100, FEE_MESSAGES.percentMax)
      .refine((n) => hasAtMostDecimals(n, 2), 'At most two decimals'),
    amount: z
      .number()
      .min(0)
      .max(10_000_000)
      .refine((n) => hasAtMostDecimals(n, 2), 'At most two decimals'),
    threshold: z
      .number()
      .min(0)
      .max(100_000_000)
      .refine((n) => hasAtMostDecimals(n, 2), 'At most two decimals'),
    effectiveFrom: calendarDateSchema(FEE_MESSAGES.fromRequired),
    source: z.string().trim().min(3, FEE_MESSAGES.customsSourceRequired).max(500),
  })
  .refine((r) => r.part !== 'import_duty' || r.tariffClass !== null, { path: ['tariffClass'], message: FEE_MESSAGES.customsClassRequired });
export type CustomsRateInput = z.input<typeof customsRateInputSchema>;

export const feeListSchema = z.object({
  data: z.array(feeSchema),
  taxRates: z.array(taxRateSchema),
  customsRates: z.array(customsRateViewSchema),
  /** When an admin marked the fees and taxes reviewed (the set-up checklist's step); null until then. */
  reviewedAt: z.string().nullable(),
  /** Today in the courier's zone: the earliest day a new version may start. */
  today: z.string(),
});
export type FeeList = z.infer<typeof feeListSchema>;
