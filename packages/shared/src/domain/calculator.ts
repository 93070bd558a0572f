import {
  ADDITIONAL_POUND_JMD,
  CUSTOMS_DUTY_RATE,
  CUSTOMS_THRESHOLD_USD,
  DEFAULT_RATE_TABLE,
  EXCHANGE_RATE_JMD_PER_USD,
} from '../constants/rates';
import { freightFor } from './charges';

/** The calculator's only validation message. */
export const CALCULATOR_WEIGHT_MESSAGE = 'Please enter a valid weight greater than 0 lbs.';

/**
 * What the visitor typed. Strings come straight from the inputs; length, width and height are
 * accepted but, have no effect on the result.
 */
export interface CalculatorInput {
  weightLbs: string | number | null | undefined;
  itemCostUsd?: string | number | null;
  lengthIn?: string | number | null;
  widthIn?: string | number | null;
  heightIn?: string | number | null;
}

/** Every amount is in integer cents, so nothing drifts by a fraction of a cent. */
export interface ShippingQuote {
  /** The weight that is charged: the entered weight rounded up to the next whole pound. */
  billableWeightLbs: number;
  shippingJmdCents: number;
  itemCostUsdCents: number;
  itemCostJmdCents: number;
  customsJmdCents: number;
  customsApplies: boolean;
  totalJmdCents: number;
  /** The JMD total converted back at the same exchange rate, rounded to the cent. */
  approxTotalUsdCents: number;
}

/**
 * The prices a courier quotes with: its active rates by whole pound in JMD cents, the
 * extra-pound rate and its exchange rate. Left out, the calculator uses the spec's constants.
 */
export interface CalculatorRates {
  rates: ReadonlyArray<{ weightLbs: number; costCents: number }>;
  additionalPoundCents: number;
  exchangeRateJmdPerUsd: number;
}

/** The spec's table, extra pound and exchange rate: the default courier's seed. */
export const DEFAULT_CALCULATOR_RATES: CalculatorRates = {
  rates: DEFAULT_RATE_TABLE.map((r) => ({ weightLbs: r.weightLbs, costCents: r.costJmd * 100 })),
  additionalPoundCents: ADDITIONAL_POUND_JMD * 100,
  exchangeRateJmdPerUsd: EXCHANGE_RATE_JMD_PER_USD,
};

export type CalculatorResult = { ok: true; quote: ShippingQuote } | { ok: false; error: string };

function toNumber(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** Freight in JMD for a whole number of pounds: the 1-10 lb table, then 350 per pound beyond. */
export function shippingCostJmd(billableWeightLbs: number): number {
  const table = DEFAULT_RATE_TABLE;
  const last = table[table.length - 1];
  if (!last) throw new Error('The rate table is empty');
  if (billableWeightLbs > last.weightLbs) return last.costJmd + (billableWeightLbs - last.weightLbs) * ADDITIONAL_POUND_JMD;
  const row = table.find((r) => r.weightLbs >= billableWeightLbs);
  return (row ?? last).costJmd;
}

/** The shipping and customs estimate Pure: the same input, the same answer. */
export function calculateShipping(input: CalculatorInput, pricing: CalculatorRates = DEFAULT_CALCULATOR_RATES): CalculatorResult {
  const weight = toNumber(input.weightLbs);
  if (!Number.isFinite(weight) || weight <= 0) return { ok: false, error: CALCULATOR_WEIGHT_MESSAGE };
  const billableWeightLbs = Math.ceil(weight);

  const cost = toNumber(input.itemCostUsd);
  // An empty, negative or unreadable item cost counts as 0.
  const itemCostUsdCents = Number.isFinite(cost) && cost > 0 ? Math.round(cost * 100) : 0;
  const exchangeRate = pricing.exchangeRateJmdPerUsd > 0 ? pricing.exchangeRateJmdPerUsd : EXCHANGE_RATE_JMD_PER_USD;
  const itemCostJmdCents = Math.round(itemCostUsdCents * exchangeRate);
  const customsApplies = itemCostUsdCents > CUSTOMS_THRESHOLD_USD * 100;
  const customsJmdCents = customsApplies ? Math.round(itemCostJmdCents * CUSTOMS_DUTY_RATE) : 0;
  const shippingJmdCents = freightFor(
    billableWeightLbs,
    pricing.rates.map((r) => ({ ...r, status: 'active' as const })),
    pricing.additionalPoundCents,
  );
  const totalJmdCents = itemCostJmdCents + shippingJmdCents + customsJmdCents;

  return {
    ok: true,
    quote: {
      billableWeightLbs,
      shippingJmdCents,
      itemCostUsdCents,
      itemCostJmdCents,
      customsJmdCents,
      customsApplies,
      totalJmdCents,
      approxTotalUsdCents: Math.round(totalJmdCents / exchangeRate),
    },
  };
}
