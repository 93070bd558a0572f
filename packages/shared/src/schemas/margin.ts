import { z } from 'zod';
import { SHIPPING_MODES } from '../constants/packages';
import { calendarDateSchema, queryIdSchema } from './common';

/**
 * What a flight or vessel cost the courier, line by line, and the margin it left: revenue from
 * invoices (taxes and duty aside) less the costs, spread over the parcels by billable weight.
 */

export const COST_KINDS = ['freight', 'handling', 'broker', 'delivery', 'other'] as const;
export type CostKind = (typeof COST_KINDS)[number];
export const COST_KIND_LABELS: Record<CostKind, string> = {
  freight: 'MAWB / BL freight',
  handling: "Agent's handling",
  broker: 'Customs broker',
  delivery: 'Local delivery',
  other: 'Other',
};
export const COST_CURRENCIES = ['USD', 'JMD'] as const;
export type CostCurrency = (typeof COST_CURRENCIES)[number];

/** Most cost lines a flight holds. */
export const MAX_COST_LINES = 30;
/** Largest amount of one line, in its currency's cents (10 million). */
export const MAX_COST_CENTS = 1_000_000_000;

export const COST_MESSAGES = {
  kind: 'Choose what the cost is for',
  amount: 'Enter an amount above 0',
  amountTooLarge: 'The amount is too large',
  currency: 'Choose USD or JMD',
  rate: 'Enter the exchange rate of the day, e.g. 157.25 (JMD per USD)',
  rateNeeded: (line: number) => `Line ${line}: a USD cost needs the exchange rate of its day`,
  tooMany: `At most ${MAX_COST_LINES} cost lines`,
  saved: 'Costs saved',
  notYours: 'Manifest not found',
} as const;

/** An exchange rate as typed: JMD per USD, up to four decimals ("157.25"). */
export const exchangeRateSchema = z
  .string({ error: COST_MESSAGES.rate })
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, COST_MESSAGES.rate)
  .refine((v) => Number(v) > 0, COST_MESSAGES.rate);

export const costLineInputSchema = z.strictObject({
  kind: z.enum(COST_KINDS, { error: COST_MESSAGES.kind }),
  description: z.string().trim().max(200, 'At most 200 characters').optional(),
  amountCents: z
    .number({ error: COST_MESSAGES.amount })
    .int(COST_MESSAGES.amount)
    .min(1, COST_MESSAGES.amount)
    .max(MAX_COST_CENTS, COST_MESSAGES.amountTooLarge),
  currency: z.enum(COST_CURRENCIES, { error: COST_MESSAGES.currency }),
  /** JMD per USD on the cost's day; needed for USD, ignored for JMD. */
  exchangeRate: exchangeRateSchema.optional(),
  /** The day of the cost: its month in the reports, its rate's day. */
  incurredOn: calendarDateSchema(),
});
export type CostLineInput = z.input<typeof costLineInputSchema>;

/** The flight's cost lines as a whole: saving replaces them. */
export const manifestCostsInputSchema = z.strictObject({
  lines: z.array(costLineInputSchema).max(MAX_COST_LINES, COST_MESSAGES.tooMany),
});
export type ManifestCostsInput = z.input<typeof manifestCostsInputSchema>;

export const costLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COST_KINDS),
  description: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.enum(COST_CURRENCIES),
  exchangeRate: z.string().nullable(),
  /** The line in JMD cents, at its rate. */
  jmdCents: z.number().int(),
  incurredOn: z.string(),
});
export type CostLine = z.infer<typeof costLineSchema>;

export const parcelShareSchema = z.object({
  packageId: z.number().int(),
  packageNumber: z.string(),
  customer: z.string().nullable(),
  mailboxNumber: z.string().nullable(),
  billableLb: z.number().int(),
  costCents: z.number().int(),
  revenueCents: z.number().int(),
});
export type ParcelShare = z.infer<typeof parcelShareSchema>;

/** A flight's costs, each parcel's share of them, and its margin. */
export const manifestCostsSchema = z.object({
  manifestId: z.number().int(),
  manifestNumber: z.string(),
  type: z.enum(SHIPPING_MODES),
  departureDate: z.string().nullable(),
  lines: z.array(costLineSchema),
  /** The courier's exchange rate now, to start a new USD line with. */
  defaultExchangeRate: z.string(),
  costCents: z.number().int(),
  revenueCents: z.number().int(),
  marginCents: z.number().int(),
  billableLb: z.number().int(),
  parcels: z.array(parcelShareSchema),
});
export type ManifestCosts = z.infer<typeof manifestCostsSchema>;

const isoDate = calendarDateSchema();
export const marginQuerySchema = z
  .object({ from: isoDate, to: isoDate, courierId: queryIdSchema.optional() })
  .refine((q) => q.from <= q.to, { message: 'The start date must not be after the end date', path: ['from'] });
export type MarginQuery = z.input<typeof marginQuerySchema>;

const costsByKind = z.object(Object.fromEntries(COST_KINDS.map((k) => [k, z.number().int()])) as Record<CostKind, z.ZodNumber>);

export const flightMarginSchema = z.object({
  manifestId: z.number().int(),
  manifestNumber: z.string(),
  type: z.enum(SHIPPING_MODES),
  flightOrVessel: z.string().nullable(),
  mawbOrBl: z.string().nullable(),
  departureDate: z.string().nullable(),
  parcels: z.number().int(),
  billableLb: z.number().int(),
  costsByKind,
  costCents: z.number().int(),
  revenueCents: z.number().int(),
  marginCents: z.number().int(),
});
export const customerMarginSchema = z.object({
  customerId: z.number().int().nullable(),
  customer: z.string(),
  mailboxNumber: z.string().nullable(),
  revenueCents: z.number().int(),
  costCents: z.number().int(),
  marginCents: z.number().int(),
});
export const monthMarginSchema = z.object({
  month: z.string(),
  revenueCents: z.number().int(),
  costCents: z.number().int(),
  marginCents: z.number().int(),
});
export const marginReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  flights: z.array(flightMarginSchema),
  customers: z.array(customerMarginSchema),
  months: z.array(monthMarginSchema),
  totals: z.object({
    revenueCents: z.number().int(),
    costCents: z.number().int(),
    marginCents: z.number().int(),
    /** Costs of flights with no weighed parcel: in the month, on no customer. */
    unallocatedCents: z.number().int(),
  }),
});
export type MarginReport = z.infer<typeof marginReportSchema>;
export type FlightMargin = z.infer<typeof flightMarginSchema>;

export const taxMonthSchema = z.object({
  month: z.string(),
  invoices: z.number().int(),
  gctCents: z.number().int(),
  dutyCents: z.number().int(),
});
export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(taxMonthSchema),
  totals: z.object({ invoices: z.number().int(), gctCents: z.number().int(), dutyCents: z.number().int() }),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const MARGIN_CSV_NAMES = ['flights', 'customers', 'months'] as const;
export type MarginCsvName = (typeof MARGIN_CSV_NAMES)[number];
