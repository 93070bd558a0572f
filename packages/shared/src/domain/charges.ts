import type { CHARGE_LINE_KINDS } from '../constants/billing';
import { MEMBERSHIP_TIERS } from '../constants/rates';
import { formatDecimal } from '../format/money';
import type { CustomsRate, TariffClass } from './customs';
import { type FeeVersion, chargeableStorageDays, feeCents } from './fees';
import { type PackageCustoms, customsLines, packageCustoms } from './package-customs';

export { type PackageCustoms, customsDutyFor, packageCustoms } from './package-customs';

/**
 * The charge rules of DOMAIN.md ("Charges"), in one pure function. Every amount is integer JMD
 * cents; percentages are rounded half-up to the cent once per line, so the lines always add up to
 * the total exactly.
 */

export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];

/** The invoice line of a hazardous parcel's return/disposal fee, naming the fee and the parcel. */
export const hazardFeeLine = (packageLabel: string) => `Hazardous goods return/disposal ${packageLabel}`;

/** The invoice line of a photo of contents: the fee's name as the customer was shown it, and the parcel. */
export const contentsPhotoFeeLine = (feeName: string, packageLabel: string) => `${feeName} ${packageLabel}`;
/** The invoice line of a return to the sender or a discard the customer asked for, naming the fee and the parcel. */
export const returnFeeLine = (feeName: string, packageLabel: string) => `${feeName} ${packageLabel}`;

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
  /** The fee engine version that priced that consolidation fee (its line names it). */
  consolidationFeeVersionId?: number | null;
  /** The courier's fee for returning or disposing of this hazardous parcel (JMD cents), charged once. */
  hazardFeeCents?: number;
  /** The photo of contents the customer asked for and staff took: its fee as asked (JMD cents), charged once. */
  contentsPhotoFee?: { cents: number; name: string; feeVersionId: number | null } | null;
  /** The fee of a return to the sender or discard the customer asked for, once done. */
  returnFee?: { cents: number; name: string; feeVersionId: number | null } | null;
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
  /** The customs tariff class its duty is priced by (general merchandise when absent). */
  tariffClass?: TariffClass;
  assignedFromUnknown?: boolean;
  uncollected?: boolean;
  switchedBranch?: boolean;
  /** Insured for its declared value: the insurance fee adds its premium. */
  insured?: boolean;
  /** Days in the warehouse when it left; null or absent while it is still there (no storage line yet). */
  storageDays?: number | null;
}

/** The fees every courier has and which engine version supplies each (the line names it; GCT may be due on it). */
export type SpecFeeKind = 'gct' | 'processing_fee' | 'unknown_fee' | 'uncollected_fee' | 'switching_fee';
export interface FeeRef {
  versionId: number;
  gctApplies: boolean;
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
  /** The fee engine's versions behind the fees every courier has, when the courier's fees come from it. */
  specFees?: Partial<Record<SpecFeeKind, FeeRef>>;
  /** The courier's own fees in force that apply to each package, and to the invoice. */
  packageFees?: FeeVersion[];
  invoiceFees?: FeeVersion[];
  /** The storage fee (a day of storage) in force, charged on packages that left with `storageDays`. */
  storageFee?: FeeVersion | null;
  /** The insurance fee in force, charged on insured packages (percentage of value, minimum). */
  insuranceFee?: FeeVersion | null;
  /**
   * The customs rates in force (customs.ts): each package's entry on its CIF value. Empty or absent
   * (an invoice priced before the courier had them): the duty is 20% of the value over USD 100.
   */
  customsRates?: CustomsRate[];
}

export interface ChargeLine {
  kind: ChargeLineKind;
  description: string;
  /** The package the line belongs to; null for invoice-wide lines (discount, GCT, delivery). */
  packageRef: number | null;
  amountCents: number;
  /** The fee version that made the line (null for freight, discount, duty and delivery). */
  feeVersionId?: number | null;
}

export interface MembershipTier {
  name: string;
  packageCount: number;
  discountPercent: number;
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

export function computeCharges(input: ChargeInputs): ChargeResult {
  const lines: ChargeLine[] = [];
  const tier = membershipTier(input.lifetimeDeliveredCount);
  const ref = (kind: SpecFeeKind) => input.specFees?.[kind];
  // A line names its fee version only when the engine supplied one.
  const madeBy = (kind: SpecFeeKind) => {
    const version = ref(kind)?.versionId;
    return version === undefined ? {} : { feeVersionId: version };
  };
  let freightCents = 0;
  let processingCents = 0;
  const freightOf = new Map<number, number>();

  for (const pkg of input.packages) {
    const volumetric = pkg.volumetricWeightLbs ?? null;
    const byVolume = volumetric !== null && volumetric > pkg.weightLbs;
    const lbs = billableWeight(byVolume ? volumetric : pkg.weightLbs);
    const freight = freightFor(lbs, input.rates, input.additionalPoundCents);
    freightCents += freight;
    freightOf.set(pkg.ref, freight);
    // With dimensions the line says which weight was billed and shows both.
    const weights =
      volumetric === null
        ? `${lbs} lb`
        : `${lbs} lb, ${byVolume ? 'volumetric' : 'actual'} weight billed: actual ${pkg.weightLbs} lb, volumetric ${volumetric} lb`;
    lines.push({ kind: 'freight', description: `Freight ${pkg.label} (${weights})`, packageRef: pkg.ref, amountCents: freight });
    const processing = processingFeeFor(pkg.weightLbs, input.processingFees);
    if (processing > 0) {
      processingCents += processing;
      lines.push({
        kind: 'processing_fee',
        description: `Processing fee ${pkg.label}`,
        packageRef: pkg.ref,
        amountCents: processing,
        ...madeBy('processing_fee'),
      });
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

  // Duty and the fees, gathered first: GCT (listed before them) is also due on a fee marked so.
  let customsCents = 0;
  let feesCents = 0;
  let taxableFeesCents = ref('processing_fee')?.gctApplies ? processingCents : 0;
  const after: ChargeLine[] = [];
  const addFee = (line: ChargeLine, gctApplies: boolean) => {
    if (line.amountCents <= 0) return;
    feesCents += line.amountCents;
    if (gctApplies) taxableFeesCents += line.amountCents;
    after.push(line);
  };
  const customs: PackageCustoms[] = [];
  for (const pkg of input.packages) {
    const subject = {
      valueCents: Math.round(pkg.declaredValueUsdCents * input.exchangeRateJmdPerUsd),
      freightCents: freightOf.get(pkg.ref) ?? 0,
      weightLbs: pkg.weightLbs,
      items: 1,
    };
    const insurance = input.insuranceFee;
    const premium = pkg.insured && insurance ? feeCents(insurance, subject) : 0;
    const duty = packageCustoms(pkg, input.exchangeRateJmdPerUsd, {
      rates: input.customsRates,
      freightJmdCents: subject.freightCents,
      insuranceJmdCents: premium,
    });
    customs.push(duty);
    customsCents += duty.chargedCents;
    after.push(...customsLines(pkg, duty, input.exchangeRateJmdPerUsd));
    const fees: Array<[boolean | undefined, SpecFeeKind, string, number]> = [
      [pkg.assignedFromUnknown, 'unknown_fee', 'Unknown fee', input.unknownFeeCents],
      [pkg.uncollected, 'uncollected_fee', 'Uncollected fee', input.uncollectedFeeCents],
      [pkg.switchedBranch, 'switching_fee', 'Switching fee', input.switchingFeeCents],
    ];
    for (const [applies, kind, name, cents] of fees) {
      if (!applies) continue;
      addFee(
        { kind: kind as ChargeLineKind, description: `${name} ${pkg.label}`, packageRef: pkg.ref, amountCents: cents, ...madeBy(kind) },
        ref(kind)?.gctApplies ?? false,
      );
    }
    if (pkg.insured && insurance) {
      addFee(
        {
          kind: 'insurance',
          description: `Insurance ${pkg.label} (USD ${formatDecimal(pkg.declaredValueUsdCents)} declared)`,
          packageRef: pkg.ref,
          amountCents: premium,
          feeVersionId: insurance.versionId,
        },
        insurance.gctApplies,
      );
    }
    const storage = input.storageFee;
    if (storage && pkg.storageDays !== null && pkg.storageDays !== undefined) {
      const days = chargeableStorageDays(storage, pkg.storageDays);
      addFee(
        {
          kind: 'storage_fee',
          description: `Storage ${pkg.label} (${days} ${days === 1 ? 'day' : 'days'} after ${storage.freeDays} free)`,
          packageRef: pkg.ref,
          amountCents: feeCents(storage, { ...subject, days: pkg.storageDays }),
          feeVersionId: storage.versionId,
        },
        storage.gctApplies,
      );
    }
    for (const fee of input.packageFees ?? []) {
      addFee(
        {
          kind: 'fee',
          description: `${fee.name} ${pkg.label}`,
          packageRef: pkg.ref,
          amountCents: feeCents(fee, subject),
          feeVersionId: fee.versionId,
        },
        fee.gctApplies,
      );
    }
    const consolidation = pkg.consolidationFeeCents ?? 0;
    if (consolidation > 0) {
      feesCents += consolidation;
      lines.push({
        kind: 'consolidation_fee',
        description: `Consolidation fee ${pkg.label}`,
        packageRef: pkg.ref,
        amountCents: consolidation,
        ...(pkg.consolidationFeeVersionId ? { feeVersionId: pkg.consolidationFeeVersionId } : {}),
      });
    }
    const photo = pkg.contentsPhotoFee;
    if (photo && photo.cents > 0) {
      feesCents += photo.cents;
      lines.push({
        kind: 'contents_photo_fee',
        description: contentsPhotoFeeLine(photo.name, pkg.label),
        packageRef: pkg.ref,
        amountCents: photo.cents,
        ...(photo.feeVersionId === null ? {} : { feeVersionId: photo.feeVersionId }),
      });
    }
    const leaving = pkg.returnFee;
    if (leaving && leaving.cents > 0) {
      feesCents += leaving.cents;
      lines.push({
        kind: 'return_fee',
        description: returnFeeLine(leaving.name, pkg.label),
        packageRef: pkg.ref,
        amountCents: leaving.cents,
        ...(leaving.feeVersionId === null ? {} : { feeVersionId: leaving.feeVersionId }),
      });
    }
    const hazard = pkg.hazardFeeCents ?? 0;
    if (hazard > 0) {
      feesCents += hazard;
      lines.push({
        kind: 'hazard_fee',
        description: hazardFeeLine(pkg.label),
        packageRef: pkg.ref,
        amountCents: hazard,
      });
    }
  }
  if (input.packages.length > 0) {
    const whole = {
      valueCents: input.packages.reduce((s, p) => s + Math.round(p.declaredValueUsdCents * input.exchangeRateJmdPerUsd), 0),
      freightCents: freightCents - discountCents,
      weightLbs: input.packages.reduce((s, p) => s + p.weightLbs, 0),
      items: input.packages.length,
    };
    for (const fee of input.invoiceFees ?? []) {
      addFee(
        { kind: 'fee', description: fee.name, packageRef: null, amountCents: feeCents(fee, whole), feeVersionId: fee.versionId },
        fee.gctApplies,
      );
    }
  }

  // GCT is charged on the freight actually billed, i.e. after the membership discount (and on a fee marked so).
  const gctCents = percentOf(freightCents - discountCents + taxableFeesCents, input.gctPercent);
  if (gctCents > 0) {
    lines.push({
      kind: 'gct',
      description: taxableFeesCents > 0 ? `GCT ${input.gctPercent}% on freight and fees` : `GCT ${input.gctPercent}% on freight`,
      packageRef: null,
      amountCents: gctCents,
      ...madeBy('gct'),
    });
  }
  lines.push(...after);

  const delivery = input.deliveryFeeCents ?? 0;
  if (delivery > 0) {
    feesCents += delivery;
    lines.push({ kind: 'delivery_fee', description: 'Delivery fee', packageRef: null, amountCents: delivery });
  }

  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return { lines, customs, freightCents, discountCents, processingCents, gctCents, customsCents, feesCents, totalCents, tier };
}
