import { addDays, formatCalendarDay } from './datetime';

/**
 * The fee engine: a courier's fees as dated versions, and the one pure function that prices a fee
 * for a subject (a package, an invoice, a service request, days of storage). Every amount is
 * integer cents in the courier's currency; a percentage is in basis points (1500 = 15%) and
 * rounded half-up to the cent once per fee.
 */

export const FEE_APPLIES_TO = ['package', 'invoice', 'service_request', 'storage_day'] as const;
export type FeeAppliesTo = (typeof FEE_APPLIES_TO)[number];

export const FEE_METHODS = ['fixed', 'percent_value', 'percent_freight', 'per_pound', 'per_item', 'tiered', 'threshold'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];

/** What the bands of a tiered or threshold fee measure. */
export const FEE_BAND_BASES = ['weight', 'value'] as const;
export type FeeBandBasis = (typeof FEE_BAND_BASES)[number];

/**
 * The fees every courier has, each with a stable code so billing finds it: the GCT and
 * additional fees, the processing fee by weight range, storage and insurance, and the prices of
 * the services (consolidation, Shop For Me, a photo of a parcel's contents). A courier's own fees
 * have no code.
 */
export const FEE_CODES = [
  'gct',
  'unknown',
  'uncollected',
  'switching',
  'processing',
  'storage',
  'insurance',
  'consolidation',
  'shop_for_me',
  'contents_photo',
  'return_to_sender',
  'discard',
] as const;
export type FeeCode = (typeof FEE_CODES)[number];

export const FEE_APPLIES_TO_LABELS: Record<FeeAppliesTo, string> = {
  package: 'Each package',
  invoice: 'Each invoice',
  service_request: 'A service request',
  storage_day: 'A day of storage',
};

export const FEE_METHOD_LABELS: Record<FeeMethod, string> = {
  fixed: 'Fixed amount',
  percent_value: 'Percentage of value',
  percent_freight: 'Percentage of freight',
  per_pound: 'Per pound',
  per_item: 'Per item',
  tiered: 'Tiered bands (each unit at its band’s rate)',
  threshold: 'Threshold bands (one amount for the band reached)',
};

/**
 * A band from `from` (inclusive) up to `to` (inclusive; null = no limit), in pounds or in whole
 * currency units of value. For a tiered fee `cents` is per unit inside the band; for a threshold
 * fee it is the whole amount when the measure falls in the band.
 */
export interface FeeBand {
  from: number;
  to: number | null;
  cents: number;
}

/** One version of a fee: what it charges from `effectiveFrom` (a YYYY-MM-DD day in the courier's zone). */
export interface FeeVersion {
  feeId: number;
  versionId: number;
  code: FeeCode | null;
  name: string;
  appliesTo: FeeAppliesTo;
  method: FeeMethod;
  /** Fixed amount, or the rate per pound / per item / per day. */
  amountCents: number;
  /** Percentage methods, in basis points. */
  percentBps: number;
  /** The least a percentage fee charges (insurance's minimum premium). */
  minimumCents: number;
  bands: FeeBand[];
  bandBasis: FeeBandBasis;
  /** Storage: days free before the daily fee starts. */
  freeDays: number;
  gctApplies: boolean;
  effectiveFrom: string;
  effectiveTo: string | null;
  /** When the version was written: an invoice only sees versions written before it was issued. */
  createdAt: string;
}

/** What a fee is priced on. Value is in cents of the courier's currency. */
export interface FeeSubject {
  valueCents?: number;
  freightCents?: number;
  weightLbs?: number;
  items?: number;
  /** Storage: days in the warehouse so far. */
  days?: number;
}

/** Whole days between two YYYY-MM-DD days (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** `cents x bps / 10000`, rounded half-up to the cent. */
export function percentOfBps(cents: number, bps: number): number {
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(cents) * Math.round(bps) + 5000) / 10000);
}

/** Pounds billed: up to the next whole pound, at least 1 (float noise such as 2.0000001 tolerated). */
function wholePounds(weightLbs: number): number {
  if (!Number.isFinite(weightLbs) || weightLbs <= 0) return 0;
  return Math.max(1, Math.ceil(Math.round(weightLbs * 1000) / 1000));
}

function measureOf(version: FeeVersion, subject: FeeSubject): number {
  return version.bandBasis === 'value' ? (subject.valueCents ?? 0) / 100 : (subject.weightLbs ?? 0);
}

/** The band holding a measure; on a shared boundary the lower band wins. */
export function bandFor(bands: FeeBand[], measure: number): FeeBand | undefined {
  const sorted = [...bands].sort((a, b) => a.from - b.from || (a.to ?? Number.POSITIVE_INFINITY) - (b.to ?? Number.POSITIVE_INFINITY));
  return sorted.find((b) => measure >= b.from && (b.to === null || measure <= b.to));
}

/** Each unit of the measure at the rate of the band it falls in (pounds counted whole). */
function tieredCents(bands: FeeBand[], units: number): number {
  const sorted = [...bands].sort((a, b) => a.from - b.from);
  let total = 0;
  for (let unit = 1; unit <= units; unit++) {
    const band =
      sorted.find((b) => unit > b.from && (b.to === null || unit <= b.to)) ??
      sorted.find((b) => unit >= b.from && (b.to === null || unit <= b.to));
    total += band?.cents ?? 0;
  }
  return total;
}

/**
 * One unit of the fee for a subject: the fixed amount, the percentage (at least the minimum),
 * the per-pound or per-item amount, or the bands. For a day of storage this is the daily rate.
 */
export function unitFeeCents(version: FeeVersion, subject: FeeSubject): number {
  switch (version.method) {
    case 'fixed':
      return version.amountCents;
    case 'percent_value':
      return Math.max(version.minimumCents, percentOfBps(subject.valueCents ?? 0, version.percentBps));
    case 'percent_freight':
      return Math.max(version.minimumCents, percentOfBps(subject.freightCents ?? 0, version.percentBps));
    case 'per_pound':
      return wholePounds(subject.weightLbs ?? 0) * version.amountCents;
    case 'per_item':
      return Math.max(0, Math.floor(subject.items ?? 0)) * version.amountCents;
    case 'tiered': {
      const units = version.bandBasis === 'weight' ? wholePounds(subject.weightLbs ?? 0) : Math.floor(measureOf(version, subject));
      return tieredCents(version.bands, units);
    }
    case 'threshold':
      return bandFor(version.bands, measureOf(version, subject))?.cents ?? 0;
  }
}

/** Days charged for storage: those beyond the free days (never negative). */
export function chargeableStorageDays(version: Pick<FeeVersion, 'freeDays'>, days: number): number {
  return Math.max(0, Math.floor(days) - version.freeDays);
}

/** What a fee charges for a subject, in integer cents; a storage fee charges each day beyond the free ones. */
export function feeCents(version: FeeVersion, subject: FeeSubject): number {
  if (version.appliesTo === 'storage_day') {
    const days = chargeableStorageDays(version, subject.days ?? 0);
    return days === 0 ? 0 : days * unitFeeCents(version, subject);
  }
  return unitFeeCents(version, subject);
}

/**
 * The version of each fee in force on a day, as known at an instant: the newest `effectiveFrom`
 * not after the day (and not ended by `effectiveTo`), among versions written by `asOf`. An
 * invoice priced again later passes its own day and issue time, so later edits never change it.
 */
export function versionsInForce(versions: FeeVersion[], day: string, asOf?: string): FeeVersion[] {
  const byFee = new Map<number, FeeVersion>();
  for (const v of versions) {
    if (v.effectiveFrom > day) continue;
    if (v.effectiveTo !== null && v.effectiveTo < day) continue;
    if (asOf !== undefined && v.createdAt > asOf) continue;
    const current = byFee.get(v.feeId);
    if (
      !current ||
      v.effectiveFrom > current.effectiveFrom ||
      (v.effectiveFrom === current.effectiveFrom &&
        (v.createdAt > current.createdAt || (v.createdAt === current.createdAt && v.versionId > current.versionId)))
    )
      byFee.set(v.feeId, v);
  }
  return [...byFee.values()].sort((a, b) => a.feeId - b.feeId);
}

/** The version of the fee with this code in force (see `versionsInForce`), if the courier has one. */
export function inForceByCode(versions: FeeVersion[], code: FeeCode, day: string, asOf?: string): FeeVersion | undefined {
  return versionsInForce(
    versions.filter((v) => v.code === code),
    day,
    asOf,
  )[0];
}

/** A dated tax rate (GCT), in basis points from a day. */
export interface TaxRate {
  country: string;
  code: string;
  name: string;
  percentBps: number;
  effectiveFrom: string;
}

/** The rate of a tax in force on a day, or undefined before its first entry. */
export function taxRateOn(rates: TaxRate[], country: string, code: string, day: string): TaxRate | undefined {
  return rates
    .filter((r) => r.country === country && r.code === code && r.effectiveFrom <= day)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
}

/**
 * The day a parcel's storage counts from: the day it became ready, or, when the storage fee began
 * later, that start less the free days, so no day before the fee existed is ever charged (a parcel
 * waiting since Nov 10 under a fee from Nov 28 pays from Nov 28).
 */
export function storageCountsFrom(readyDay: string, freeDays: number, feeFirstDay: string | null): string {
  if (feeFirstDay === null) return readyDay;
  const earliest = addDays(feeFirstDay, -1 - freeDays);
  return readyDay > earliest ? readyDay : earliest;
}

/** The storage countdown a customer sees: the last free day, and the daily fee after it. */
export function storageCountdown(
  version: FeeVersion,
  readyDay: string,
  subject: FeeSubject,
  feeFirstDay: string | null = null,
): { freeUntil: string; dailyCents: number } {
  const from = storageCountsFrom(readyDay, version.freeDays, feeFirstDay);
  return { freeUntil: addDays(from, version.freeDays), dailyCents: unitFeeCents(version, subject) };
}

/**
 * The service fees a courier has until it changes them: consolidation JMD 500.00 a request, and
 * Shop For Me 10% of the item cost, minimum $5. The Shop For Me fee is priced on the
 * quote, so its amounts are USD cents like the quote's.
 */
export const DEFAULT_SERVICE_FEE_VERSIONS = {
  consolidation: { name: 'Consolidation Fee', method: 'fixed', amountCents: 50_000, percentBps: 0, minimumCents: 0 },
  shop_for_me: { name: 'Shop For Me Fee', method: 'percent_value', amountCents: 0, percentBps: 1000, minimumCents: 500 },
} as const satisfies Record<
  'consolidation' | 'shop_for_me',
  Pick<FeeVersion, 'name' | 'method' | 'amountCents' | 'percentBps' | 'minimumCents'>
>;

/** A default service fee as a version (not yet written: no ids), for previews and demo data. */
export function defaultServiceFeeVersion(code: 'consolidation' | 'shop_for_me'): FeeVersion {
  return {
    feeId: 0,
    versionId: 0,
    code,
    appliesTo: 'service_request',
    ...DEFAULT_SERVICE_FEE_VERSIONS[code],
    bands: [],
    bandBasis: 'value',
    freeDays: 0,
    gctApplies: false,
    effectiveFrom: MIGRATED_FEES_FROM,
    effectiveTo: null,
    createdAt: `${MIGRATED_FEES_FROM}T00:00:00.000Z`,
  };
}

/** Fees whose amounts are in USD (priced on a USD quote); every other fee is in the courier's JMD. */
export const feeInUsd = (code: FeeCode | null) => code === 'shop_for_me';

/** The first day of the fees moved into the engine from the old settings (before any invoice). */
export const MIGRATED_FEES_FROM = '2000-01-01';

/** What an invoice line says about the fee that made it: "Fee: Storage, rates from Dec 1, 2026". */
export function feeSourceLabel(fee: { name: string; effectiveFrom: string }): string {
  if (fee.effectiveFrom <= MIGRATED_FEES_FROM) return `Fee: ${fee.name}`;
  return `Fee: ${fee.name}, rates from ${formatCalendarDay(fee.effectiveFrom)}`;
}
