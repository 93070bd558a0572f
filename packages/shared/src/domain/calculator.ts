import { toCents } from '../format/money';
import {
  ADDITIONAL_POUND_JMD,
  CUSTOMS_DUTY_RATE,
  CUSTOMS_THRESHOLD_USD,
  DEFAULT_RATE_TABLE,
  EXCHANGE_RATE_JMD_PER_USD,
} from '../constants/rates';
import { freightFor } from './charges';
import { type CustomsPartLine, type CustomsRate, type TariffClass, customsFor } from './customs';
import { NO_VOLUMETRIC, type VolumetricRule, chargeableWeight } from './volumetric';

/** The calculator's only validation message. */
export const CALCULATOR_WEIGHT_MESSAGE = 'Please enter a valid weight greater than 0 lbs.';

/**
 * What the visitor typed. Strings come straight from the inputs; with all three dimensions the
 * estimate bills the greater of the actual and the volumetric weight, as invoices do.
 */
export interface CalculatorInput {
  weightLbs: string | number | null | undefined;
  itemCostUsd?: string | number | null;
  lengthIn?: string | number | null;
  widthIn?: string | number | null;
  heightIn?: string | number | null;
  /** What the item is, for its import duty (general merchandise when not said). */
  tariffClass?: TariffClass | null;
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
  /** The customs entry part by part (duty, SCF, levy, GCT on import, CAF, stamp duty); empty under the de minimis. */
  customsParts: CustomsPartLine[];
  /** The volumetric weight when dimensions were given and the courier bills by volume; null otherwise. */
  volumetricWeightLbs: number | null;
  weightBasis: 'actual' | 'volumetric';
  totalJmdCents: number;
  /** The JMD total converted back at the same exchange rate, rounded to the cent. */
  approxTotalUsdCents: number;
}

/**
 * The prices a courier quotes with: its active rates by whole pound in JMD cents, the
 * extra-pound rate and its exchange rate. Left out, the calculator uses the default table.
 */
export interface CalculatorRates {
  rates: ReadonlyArray<{ weightLbs: number; costCents: number }>;
  additionalPoundCents: number;
  exchangeRateJmdPerUsd: number;
  /** The courier's customs rates in force (customs.ts); without them, 20% of the value over USD 100. */
  customsRates?: CustomsRate[];
  /** The courier's volumetric rule for air parcels (null divisor: billed by actual weight). */
  volumetric?: VolumetricRule;
}

/** The default table, extra pound and exchange rate: the default courier's seed. */
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
  const dimension = (v: CalculatorInput['lengthIn']) => {
    const n = toNumber(v);
    return Number.isFinite(n) && n > 0 ? n : null;
  };
  const charged = chargeableWeight(
    {
      weightLb: weight,
      lengthIn: dimension(input.lengthIn),
      widthIn: dimension(input.widthIn),
      heightIn: dimension(input.heightIn),
      mode: 'AIR',
    },
    pricing.volumetric ?? NO_VOLUMETRIC,
  );
  const billableWeightLbs = Math.max(1, Math.ceil(Math.round(charged.chargedLb * 1000) / 1000));

  const cost = toNumber(input.itemCostUsd);
  // An empty, negative or unreadable item cost counts as 0.
  const itemCostUsdCents = Number.isFinite(cost) && cost > 0 ? toCents(cost) : 0;
  const exchangeRate = pricing.exchangeRateJmdPerUsd > 0 ? pricing.exchangeRateJmdPerUsd : EXCHANGE_RATE_JMD_PER_USD;
  const itemCostJmdCents = Math.round(itemCostUsdCents * exchangeRate);
  const shippingJmdCents = freightFor(
    billableWeightLbs,
    pricing.rates.map((r) => ({ ...r, status: 'active' as const })),
    pricing.additionalPoundCents,
  );
  // The same entry invoices charge: on CIF (the item and the freight) by the item's tariff class.
  const entry =
    pricing.customsRates && pricing.customsRates.length > 0
      ? customsFor(
          {
            fobUsdCents: itemCostUsdCents,
            freightJmdCents: shippingJmdCents,
            tariffClass: input.tariffClass ?? 'general',
            exchangeRateJmdPerUsd: exchangeRate,
          },
          pricing.customsRates,
        )
      : null;
  const customsApplies = entry ? !entry.deMinimis : itemCostUsdCents > CUSTOMS_THRESHOLD_USD * 100;
  const customsJmdCents = entry ? entry.totalCents : customsApplies ? Math.round(itemCostJmdCents * CUSTOMS_DUTY_RATE) : 0;
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
      customsParts: entry?.parts ?? [],
      volumetricWeightLbs: charged.volumetricLb,
      weightBasis: charged.basis,
      totalJmdCents,
      approxTotalUsdCents: Math.round(totalJmdCents / exchangeRate),
    },
  };
}
