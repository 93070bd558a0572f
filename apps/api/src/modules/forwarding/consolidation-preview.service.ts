import { and, eq, inArray, isNull } from 'drizzle-orm';
import { billableWeight, freightFor } from '@courier/shared/domain/charges';
import { customsFor, type TariffClass } from '@courier/shared/domain/customs';
import { chargeableWeight } from '@courier/shared/domain/volumetric';
import {
  type ConsolidationPreview,
  type ConsolidationPreviewInput,
  SERVICE_MESSAGES,
  consolidationPreviewInputSchema,
} from '@courier/shared/schemas/services';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { courierOf } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { getCourierRates, volumetricRuleOf } from '../settings/index';
import { consolidationFeeFor, serviceFeeOn } from './service-fees.service';

/** The repacked parcel is a new package of the default tariff class, as `completeConsolidation` makes it. */
const REPACKED_CLASS: TariffClass = 'general';

/**
 * What consolidating these packages does to customs, at the courier's rates of today: each parcel's
 * entry as its invoice computes it (freight on its chargeable weight) against one entry for the
 * repacked parcel (their summed value, freight on their summed weight), plus the consolidation fee.
 * The de minimis is per parcel, so parcels each under it can owe customs together.
 */
export async function previewConsolidation(db: Db, user: AuthUser, raw: ConsolidationPreviewInput): Promise<ConsolidationPreview> {
  const input = consolidationPreviewInputSchema.parse(raw);
  const courierId = courierOf(user);
  if (user.kind !== 'customer') throw new AppError('forbidden', 'Only customers ask for a consolidation');
  const ids = [...new Set(input.packageIds)];
  if (ids.length < 2) throw new AppError('bad_request', SERVICE_MESSAGES.needsTwoToRepack);
  const rows = await db
    .select()
    .from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, user.id), isNull(packages.voidedAt), inArray(packages.id, ids)));
  if (rows.length !== ids.length) throw new AppError('not_found', SERVICE_MESSAGES.packagesNotFound);
  if (rows.some((p) => p.status !== 'received' || p.manifestId !== null)) {
    throw new AppError('conflict', SERVICE_MESSAGES.packagesNotInWarehouse);
  }
  rows.sort((a, b) => a.packageNumber.localeCompare(b.packageNumber));

  const rates = await getCourierRates(db, courierId);
  const rule = await volumetricRuleOf(db, courierId);
  const freightOn = (lb: number) => (lb > 0 ? freightFor(billableWeight(lb), rates.rates, rates.additionalPoundCents) : 0);
  const entryOf = (fobUsdCents: number, freightJmdCents: number, tariffClass: TariffClass) =>
    customsFor({ fobUsdCents, freightJmdCents, tariffClass, exchangeRateJmdPerUsd: rates.exchangeRateJmdPerUsd }, rates.customsRates);

  const parcels = rows.map((p) => {
    const weight = chargeableWeight(
      { weightLb: p.weightLb, lengthIn: p.lengthIn, widthIn: p.widthIn, heightIn: p.heightIn, mode: p.mode },
      rule,
    );
    const value = p.declaredValueUsdCents ?? 0;
    const entry = entryOf(value, freightOn(weight.chargedLb), p.tariffClass);
    return {
      id: p.id,
      packageNumber: p.packageNumber,
      declaredValueUsdCents: value,
      weightLb: p.weightLb,
      customsCents: entry.totalCents,
      deMinimis: entry.deMinimis,
    };
  });
  const value = parcels.reduce((sum, p) => sum + p.declaredValueUsdCents, 0);
  // The repacked parcel's size is measured at the repack: its freight here is on the summed weight.
  const weightLb = Math.round(rows.reduce((sum, p) => sum + p.weightLb, 0) * 100) / 100;
  const together = entryOf(value, freightOn(weightLb), REPACKED_CLASS);
  const feeCents = consolidationFeeFor(await serviceFeeOn(db, courierId, 'consolidation'), rows, rates.exchangeRateJmdPerUsd);
  const separatelyCents = parcels.reduce((sum, p) => sum + p.customsCents, 0);
  const deMinimis = rates.customsRates.find((r) => r.part === 'de_minimis' && r.tariffClass === null);
  return {
    separately: { customsCents: separatelyCents, parcels },
    together: { declaredValueUsdCents: value, weightLb, customsCents: together.totalCents, deMinimis: together.deMinimis },
    feeCents,
    differenceCents: together.totalCents + feeCents - separatelyCents,
    deMinimisUsdCents: deMinimis?.thresholdCents ?? null,
    crossesDeMinimis: !together.deMinimis && parcels.some((p) => p.deMinimis && p.declaredValueUsdCents > 0),
    missingValue: rows.filter((p) => p.declaredValueUsdCents === null).map((p) => p.packageNumber),
  };
}
