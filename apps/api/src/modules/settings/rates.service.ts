import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { ADDITIONAL_POUND_JMD } from '@courier/shared/constants/rates';
import type { ChargeRate, ProcessingFeeRange } from '@courier/shared/domain/charges';
import type { Db } from '../../db/client';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { couriers } from '../../db/schema/couriers';
import { shippingRates } from '../../db/schema/shipping-rates';

/**
 * What a courier charges, as its Settings tabs say: the one place the calculator, the customer
 * rate sheet and invoices read rates and fees from. Amounts in JMD cents; GCT in percent.
 * The field names match `ChargeInputs` of `@courier/shared/domain/charges`.
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
}

/** '1', '1 lb', '2.5lbs' -> the number; null for a weight written as words. */
export function weightOf(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:lbs?|pounds?)?\.?\s*$/i.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

export async function getCourierRates(db: Db, courierId: number): Promise<CourierRates> {
  // One after another: `db` may be a transaction, whose single connection runs one query at a time.
  const rateRows = await db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.courierId, courierId), eq(shippingRates.status, 'active')));
  const feeRows = await db
    .select()
    .from(processingFees)
    .where(eq(processingFees.courierId, courierId))
    .orderBy(asc(processingFees.minWeightLbs));
  const [settings] = await db.select().from(courierFeeSettings).where(eq(courierFeeSettings.courierId, courierId));
  const [courier] = await db.select({ exchangeRate: couriers.exchangeRate }).from(couriers).where(eq(couriers.id, courierId));
  const rates: ChargeRate[] = [];
  for (const row of rateRows) {
    const weightLbs = weightOf(row.weight);
    if (weightLbs !== null) rates.push({ weightLbs, costCents: row.costCents, status: row.status });
  }
  rates.sort((a, b) => a.weightLbs - b.weightLbs);
  return {
    rates,
    additionalPoundCents: ADDITIONAL_POUND_JMD * 100,
    processingFees: feeRows.map((f) => ({ minLbs: f.minWeightLbs, maxLbs: f.maxWeightLbs, feeCents: f.feeCents })),
    gctPercent: (settings?.gctTenthsPercent ?? 0) / 10,
    unknownFeeCents: settings?.unknownFeeCents ?? 0,
    uncollectedFeeCents: settings?.uncollectedFeeCents ?? 0,
    switchingFeeCents: settings?.switchingFeeCents ?? 0,
    exchangeRateJmdPerUsd: courier?.exchangeRate ?? 150,
  };
}

/** The processing fee for one weight: the row whose range contains it (the narrowest, newest first). */
export async function processingFeeCentsFor(db: Db, courierId: number, weightLbs: number): Promise<number> {
  const [row] = await db
    .select({ feeCents: processingFees.feeCents })
    .from(processingFees)
    .where(
      and(
        eq(processingFees.courierId, courierId),
        lte(processingFees.minWeightLbs, weightLbs),
        gte(processingFees.maxWeightLbs, weightLbs),
      ),
    )
    .orderBy(asc(processingFees.maxWeightLbs), desc(processingFees.id))
    .limit(1);
  return row?.feeCents ?? 0;
}
