import type { CHARGE_LINE_KINDS } from '../constants/billing';
import { CUSTOMS_DUTY_RATE, CUSTOMS_THRESHOLD_USD, MEMBERSHIP_TIERS } from '../constants/rates';
import { formatDecimal } from '../format/money';

/**
 * The charge rules of DOMAIN.md ("Charges"), in one pure function. Every amount is integer JMD
 * cents; percentages are rounded half-up to the cent once per line, so the lines always add up to
 * the total exactly.
 */

export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];

export interface ChargeRate {
  weightLbs: number;
  costCents: number;
  status: 'active' | 'inactive';
}

export interface ProcessingFeeRange {
  minLbs: number;
  maxLbs: number;
  feeCents: number;
}

export interface ChargePackage {
  /** The fee of the consolidation that made this parcel (JMD cents), charged once on its invoice. */
  consolidationFeeCents?: number;
  /** Identifies the package on its lines (the API passes the package id). */
  ref: number;
  label: string;
  weightLbs: number;
  /** The volumetric weight when the courier's rule applies to this parcel (see volumetric.ts); freight takes the greater. */
  volumetricWeightLbs?: number | null;
  /** Declared value in US cents. */
  declaredValueUsdCents: number;
  /** The duty customs actually assessed, in JMD cents; replaces the computed duty when set. */
  customsOverrideCents?: number | null;
  assignedFromUnknown?: boolean;
  uncollected?: boolean;
  switchedBranch?: boolean;
}

export interface ChargeInputs {
  packages: ChargePackage[];
  rates: ChargeRate[];
  additionalPoundCents: number;
  /** The customer's lifetime delivered packages: picks the membership tier. */
  lifetimeDeliveredCount: number;
  processingFees: ProcessingFeeRange[];
  /** GCT percent, 0 to 100, one decimal. */
  gctPercent: number;
  exchangeRateJmdPerUsd: number;
  unknownFeeCents: number;
  uncollectedFeeCents: number;
  switchingFeeCents: number;
  /** The delivery location's fee when the customer asked for home delivery; 0 otherwise. */
  deliveryFeeCents?: number;
}

export interface ChargeLine {
  kind: ChargeLineKind;
  description: string;
  /** The package the line belongs to; null for invoice-wide lines (discount, GCT, delivery). */
  packageRef: number | null;
  amountCents: number;
}

export interface MembershipTier {
  name: string;
  packageCount: number;
  discountPercent: number;
}

/** One package's duty: what the rules compute, what customs assessed (if any), and what is charged. */
export interface PackageCustoms {
  ref: number;
  computedCents: number;
  assessedCents: number | null;
  chargedCents: number;
}

export interface ChargeResult {
  lines: ChargeLine[];
  /** Per package, in order: the computed and the assessed duty, both kept for the invoice's history. */
  customs: PackageCustoms[];
  freightCents: number;
  discountCents: number;
  processingCents: number;
  gctCents: number;
  customsCents: number;
  feesCents: number;
  totalCents: number;
  tier: MembershipTier | null;
}

/** Weight billed: rounded up to the next whole pound, at least 1 lb. Tolerates float noise (2.0000001). */
export function billableWeight(weightLbs: number): number {
  if (!Number.isFinite(weightLbs) || weightLbs <= 0) throw new RangeError('Weight must be greater than 0');
  const thousandths = Math.round(weightLbs * 1000);
  return Math.max(1, Math.ceil(thousandths / 1000));
}

/** `cents x percent / 100`, rounded half-up, percent with one decimal (GCT step 0.1). */
export function percentOf(cents: number, percent: number): number {
  const tenths = Math.round(percent * 10);
  return Math.floor((cents * tenths + 500) / 1000);
}

export function membershipTier(lifetimeDeliveredCount: number): MembershipTier | null {
  let tier: MembershipTier | null = null;
  for (const t of MEMBERSHIP_TIERS) if (lifetimeDeliveredCount >= t.packageCount) tier = t;
  return tier;
}

/**
 * Freight for a billable weight: the active row for that weight; with no row for it, the next
 * heavier active row; beyond the last active row, the last row plus the additional-pound rate per
 * extra pound. With no active rows at all every pound costs the additional-pound rate.
 */
export function freightFor(billableLbs: number, rates: ChargeRate[], additionalPoundCents: number): number {
  const active = rates.filter((r) => r.status === 'active').sort((a, b) => a.weightLbs - b.weightLbs);
  const row = active.find((r) => r.weightLbs >= billableLbs);
  if (row) return row.costCents;
  const last = active.at(-1);
  if (!last) return billableLbs * additionalPoundCents;
  return last.costCents + (billableLbs - last.weightLbs) * additionalPoundCents;
}

/** The processing fee whose range holds the weight; on a shared boundary the lighter range wins. */
export function processingFeeFor(weightLbs: number, ranges: ProcessingFeeRange[]): number {
  const sorted = [...ranges].sort((a, b) => a.minLbs - b.minLbs || a.maxLbs - b.maxLbs);
  return sorted.find((r) => weightLbs >= r.minLbs && weightLbs <= r.maxLbs)?.feeCents ?? 0;
}

/** Duty in JMD cents: over the USD threshold, 20% of the value times the exchange rate. */
export function customsDutyFor(declaredValueUsdCents: number, exchangeRate: number): number {
  if (declaredValueUsdCents <= CUSTOMS_THRESHOLD_USD * 100) return 0;
  return Math.round(declaredValueUsdCents * exchangeRate * CUSTOMS_DUTY_RATE);
}

/**
 * A package's duty. The assessment customs made REPLACES the computed duty (the package has one
 * duty line, never two); null means no assessment, so the computed duty stands; 0 waives it.
 */
export function packageCustoms(
  pkg: Pick<ChargePackage, 'ref' | 'declaredValueUsdCents' | 'customsOverrideCents'>,
  exchangeRate: number,
): PackageCustoms {
  const computedCents = customsDutyFor(pkg.declaredValueUsdCents, exchangeRate);
  const assessedCents = pkg.customsOverrideCents ?? null;
  return { ref: pkg.ref, computedCents, assessedCents, chargedCents: assessedCents ?? computedCents };
}

export function computeCharges(input: ChargeInputs): ChargeResult {
  const lines: ChargeLine[] = [];
  const tier = membershipTier(input.lifetimeDeliveredCount);
  let freightCents = 0;
  let processingCents = 0;

  for (const pkg of input.packages) {
    const volumetric = pkg.volumetricWeightLbs ?? null;
    const byVolume = volumetric !== null && volumetric > pkg.weightLbs;
    const lbs = billableWeight(byVolume ? volumetric : pkg.weightLbs);
    const freight = freightFor(lbs, input.rates, input.additionalPoundCents);
    freightCents += freight;
    // With dimensions the line says which weight was billed and shows both.
    const weights =
      volumetric === null
        ? `${lbs} lb`
        : `${lbs} lb, ${byVolume ? 'volumetric' : 'actual'} weight billed: actual ${pkg.weightLbs} lb, volumetric ${volumetric} lb`;
    lines.push({ kind: 'freight', description: `Freight ${pkg.label} (${weights})`, packageRef: pkg.ref, amountCents: freight });
    const processing = processingFeeFor(pkg.weightLbs, input.processingFees);
    if (processing > 0) {
      processingCents += processing;
      lines.push({ kind: 'processing_fee', description: `Processing fee ${pkg.label}`, packageRef: pkg.ref, amountCents: processing });
    }
  }

  const discountCents = tier ? percentOf(freightCents, tier.discountPercent) : 0;
  if (tier && discountCents > 0) {
    lines.push({
      kind: 'membership_discount',
      description: `${tier.name} membership discount (${tier.discountPercent}% of freight)`,
      packageRef: null,
      amountCents: -discountCents,
    });
  }
  // GCT is charged on the freight actually billed, i.e. after the membership discount.
  const gctCents = percentOf(freightCents - discountCents, input.gctPercent);
  if (gctCents > 0) {
    lines.push({ kind: 'gct', description: `GCT ${input.gctPercent}% on freight`, packageRef: null, amountCents: gctCents });
  }

  let customsCents = 0;
  let feesCents = 0;
  const customs: PackageCustoms[] = [];
  for (const pkg of input.packages) {
    const duty = packageCustoms(pkg, input.exchangeRateJmdPerUsd);
    customs.push(duty);
    if (duty.chargedCents > 0) {
      customsCents += duty.chargedCents;
      const why =
        duty.assessedCents !== null
          ? `assessed by customs; computed ${formatDecimal(duty.computedCents)}`
          : `20% of USD ${formatDecimal(pkg.declaredValueUsdCents)} at ${input.exchangeRateJmdPerUsd}`;
      lines.push({
        kind: 'customs_duty',
        description: `Customs duty ${pkg.label} (${why})`,
        packageRef: pkg.ref,
        amountCents: duty.chargedCents,
      });
    }
    const fees: Array<[boolean | undefined, ChargeLineKind, string, number]> = [
      [pkg.assignedFromUnknown, 'unknown_fee', 'Unknown fee', input.unknownFeeCents],
      [pkg.uncollected, 'uncollected_fee', 'Uncollected fee', input.uncollectedFeeCents],
      [pkg.switchedBranch, 'switching_fee', 'Switching fee', input.switchingFeeCents],
    ];
    for (const [applies, kind, name, cents] of fees) {
      if (!applies || cents <= 0) continue;
      feesCents += cents;
      lines.push({ kind, description: `${name} ${pkg.label}`, packageRef: pkg.ref, amountCents: cents });
    }
    const consolidation = pkg.consolidationFeeCents ?? 0;
    if (consolidation > 0) {
      feesCents += consolidation;
      lines.push({
        kind: 'consolidation_fee',
        description: `Consolidation fee ${pkg.label}`,
        packageRef: pkg.ref,
        amountCents: consolidation,
      });
    }
  }
  const delivery = input.deliveryFeeCents ?? 0;
  if (delivery > 0) {
    feesCents += delivery;
    lines.push({ kind: 'delivery_fee', description: 'Delivery fee', packageRef: null, amountCents: delivery });
  }

  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return { lines, customs, freightCents, discountCents, processingCents, gctCents, customsCents, feesCents, totalCents, tier };
}
