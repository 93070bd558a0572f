import { CUSTOMS_DUTY_RATE, CUSTOMS_THRESHOLD_USD } from '../constants/rates';
import { formatDecimal } from '../format/money';
import type { ChargeLine, ChargePackage } from './charges';
import { type CustomsBreakdown, type CustomsRate, customsFor } from './customs';

/** A package's customs on its invoice: the computed entry, or what customs assessed instead. */

/** One package's duty: what the rules compute, what customs assessed (if any), and what is charged. */
export interface PackageCustoms {
  ref: number;
  computedCents: number;
  assessedCents: number | null;
  chargedCents: number;
  /** The computed entry part by part (null under the rule before customs rates). */
  entry?: CustomsBreakdown | null;
}

/** Duty in JMD cents: over the USD threshold, 20% of the value times the exchange rate. */
export function customsDutyFor(declaredValueUsdCents: number, exchangeRate: number): number {
  if (declaredValueUsdCents <= CUSTOMS_THRESHOLD_USD * 100) return 0;
  return Math.round(declaredValueUsdCents * exchangeRate * CUSTOMS_DUTY_RATE);
}

/**
 * A package's duty. The assessment customs made REPLACES the computed entry (one line, never the
 * parts beside it); null means no assessment, so the computed entry stands; 0 waives it. With
 * customs rates the entry is on CIF (its freight and insurance premium in JMD cents).
 */
export function packageCustoms(
  pkg: Pick<ChargePackage, 'ref' | 'declaredValueUsdCents' | 'customsOverrideCents' | 'tariffClass'>,
  exchangeRate: number,
  customs?: { rates?: CustomsRate[]; freightJmdCents?: number; insuranceJmdCents?: number },
): PackageCustoms {
  const entry =
    customs?.rates && customs.rates.length > 0
      ? customsFor(
          {
            fobUsdCents: pkg.declaredValueUsdCents,
            freightJmdCents: customs.freightJmdCents ?? 0,
            insuranceJmdCents: customs.insuranceJmdCents ?? 0,
            tariffClass: pkg.tariffClass,
            exchangeRateJmdPerUsd: exchangeRate,
          },
          customs.rates,
        )
      : null;
  const computedCents = entry ? entry.totalCents : customsDutyFor(pkg.declaredValueUsdCents, exchangeRate);
  const assessedCents = pkg.customsOverrideCents ?? null;
  return { ref: pkg.ref, computedCents, assessedCents, chargedCents: assessedCents ?? computedCents, ...(entry ? { entry } : {}) };
}

/** A package's customs lines: the assessed amount alone, or each part of the computed entry. */
export function customsLines(pkg: ChargePackage, duty: PackageCustoms, exchangeRate: number): ChargeLine[] {
  const line = (description: string, amountCents: number): ChargeLine => ({
    kind: 'customs_duty',
    description,
    packageRef: pkg.ref,
    amountCents,
  });
  if (duty.chargedCents <= 0) return [];
  if (duty.assessedCents !== null)
    return [line(`Customs duty ${pkg.label} (assessed by customs; computed ${formatDecimal(duty.computedCents)})`, duty.chargedCents)];
  if (!duty.entry)
    return [
      line(`Customs duty ${pkg.label} (20% of USD ${formatDecimal(pkg.declaredValueUsdCents)} at ${exchangeRate})`, duty.chargedCents),
    ];
  return duty.entry.parts.map((part) => line(`${part.label} ${pkg.label} (${part.basis})`, part.cents));
}
