import { and, eq } from 'drizzle-orm';
import { ADDITIONAL_POUND_JMD } from '@courier/shared/constants/rates';
import type { ChargeInputs, ChargeRate, ProcessingFeeRange } from '@courier/shared/domain/charges';
import { type FeeVersion, feeCents } from '@courier/shared/domain/fees';
import type { CustomsRate } from '@courier/shared/domain/customs';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { shippingRates } from '../../db/schema/shipping-rates';
import { customsRatesOn, feeBookOn } from '../fees/index';

/**
 * What a courier charges, as its Settings tabs say: the one place the calculator, the customer
 * rate sheet and invoices read rates and fees from. Amounts in JMD cents; GCT in percent.
 * The field names match `ChargeInputs` of `@courier/shared/domain/charges`. The fees come from
 * the fee engine: the versions in force on a day, as written by an instant (an invoice's own).
 */
export interface CourierRates {
  /** Active shipping rates with a numeric weight, lightest first. */
  rates: ChargeRate[];
  /** Each extra pound beyond the heaviest rate (DOMAIN.md: default 350 JMD). */
  additionalPoundCents: number;
  processingFees: ProcessingFeeRange[];
  gctPercent: number;
  unknownFeeCents: number;
  uncollectedFeeCents: number;
  switchingFeeCents: number;
  exchangeRateJmdPerUsd: number;
  specFees: NonNullable<ChargeInputs['specFees']>;
  packageFees: FeeVersion[];
  invoiceFees: FeeVersion[];
  storageFee: FeeVersion | null;
  insuranceFee: FeeVersion | null;
  /** The customs rates in force (empty for an invoice priced before the courier had them). */
  customsRates: CustomsRate[];
  /** Every fee version in force (the rate sheet lists them all). */
  feesInForce: FeeVersion[];
}

/** '1', '1 lb', '2.5lbs' -> the number; null for a weight written as words. */
export function weightOf(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:lbs?|pounds?)?\.?\s*$/i.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

/** A standard fee's amount from its version: a fixed amount as written, any other method priced on nothing. */
const amountOf = (v: FeeVersion | undefined) => (v ? (v.method === 'fixed' ? v.amountCents : feeCents(v, {})) : 0);
const refOf = (v: FeeVersion | undefined) => (v ? { versionId: v.versionId, gctApplies: v.gctApplies } : undefined);

/**
 * The courier's rates and the fees in force on the day of `at` (the courier's zone), as written
 * by `asOf`: an invoice priced again passes its issue time for both, and keeps its day's rates.
 */
export async function getCourierRates(db: Db, courierId: number, at: Date = new Date(), asOf: Date = at): Promise<CourierRates> {
  // One after another: `db` may be a transaction, whose single connection runs one query at a time.
  const rateRows = await db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.courierId, courierId), eq(shippingRates.status, 'active')));
  const book = await feeBookOn(db, courierId, at, asOf);
  const [courier] = await db.select({ exchangeRate: couriers.exchangeRate }).from(couriers).where(eq(couriers.id, courierId));
  const rates: ChargeRate[] = [];
  for (const row of rateRows) {
    const weightLbs = weightOf(row.weight);
    if (weightLbs !== null) rates.push({ weightLbs, costCents: row.costCents, status: row.status });
  }
  rates.sort((a, b) => a.weightLbs - b.weightLbs);
  const gct = book.byCode('gct');
  const processing = book.byCode('processing');
  // The processing fee by weight range is a threshold fee on weight; priced any other way it is one of the package fees.
  const processingRanges: ProcessingFeeRange[] =
    processing?.method === 'threshold'
      ? processing.bands.map((b) => ({ minLbs: b.from, maxLbs: b.to ?? Number.POSITIVE_INFINITY, feeCents: b.cents }))
      : [];
  const packageFees = book.own('package');
  if (processing && processing.method !== 'threshold') packageFees.unshift(processing);
  return {
    rates,
    additionalPoundCents: ADDITIONAL_POUND_JMD * 100,
    processingFees: processingRanges,
    gctPercent: gct ? gct.percentBps / 100 : 0,
    unknownFeeCents: amountOf(book.byCode('unknown')),
    uncollectedFeeCents: amountOf(book.byCode('uncollected')),
    switchingFeeCents: amountOf(book.byCode('switching')),
    exchangeRateJmdPerUsd: courier?.exchangeRate ?? 150,
    specFees: {
      gct: refOf(gct),
      processing_fee: processing?.method === 'threshold' ? refOf(processing) : undefined,
      unknown_fee: refOf(book.byCode('unknown')),
      uncollected_fee: refOf(book.byCode('uncollected')),
      switching_fee: refOf(book.byCode('switching')),
    },
    packageFees,
    invoiceFees: book.own('invoice'),
    storageFee: book.byCode('storage') ?? null,
    insuranceFee: book.byCode('insurance') ?? null,
    customsRates: await customsRatesOn(db, courierId, at, asOf),
    feesInForce: book.inForce,
  };
}

/** The processing fee for one weight, from the processing fee in force today. */
export async function processingFeeCentsFor(db: Db, courierId: number, weightLbs: number): Promise<number> {
  const { processingFees } = await getCourierRates(db, courierId);
  const sorted = [...processingFees].sort((a, b) => a.maxLbs - a.minLbs - (b.maxLbs - b.minLbs));
  return sorted.find((r) => weightLbs >= r.minLbs && weightLbs <= r.maxLbs)?.feeCents ?? 0;
}

/** The courier's own rate sheet (a link), or null. */
export async function rateSheetOf(db: Db, courierId: number): Promise<string | null> {
  const [courier] = await db.select({ rateSheetUrl: couriers.rateSheetUrl }).from(couriers).where(eq(couriers.id, courierId));
  return courier?.rateSheetUrl ?? null;
}
