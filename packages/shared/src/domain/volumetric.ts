import type { ShippingMode } from '../constants/packages';

/**
 * Volumetric (dimensional) weight: a light, bulky parcel is billed by the space it takes. AIR
 * divides cubic inches by the courier's divisor (139 in³/lb, the common courier figure); SEA
 * counts cubic feet at the courier's pounds per cubic foot. Billing takes the greater of the
 * actual and the volumetric weight, only where the courier says volumetric applies.
 */

export const DEFAULT_AIR_DIVISOR_IN3_PER_LB = 139;
export const DEFAULT_SEA_LB_PER_FT3 = 10;
const CUBIC_INCHES_PER_FOOT = 1728;

/** What the courier applies, per mode; null means volumetric does not apply to that mode. */
export interface VolumetricRule {
  /** AIR: cubic inches per billed pound. */
  airDivisorIn3PerLb: number | null;
  /** SEA: billed pounds per cubic foot. */
  seaLbPerFt3: number | null;
}

export const NO_VOLUMETRIC: VolumetricRule = { airDivisorIn3PerLb: null, seaLbPerFt3: null };

export interface MeasuredParcel {
  weightLb: number;
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  mode: ShippingMode;
}

export interface ChargeableWeight {
  actualLb: number;
  /** Null when volumetric does not apply (mode off, or a dimension missing). */
  volumetricLb: number | null;
  /** The greater of the two: what freight is priced on (before rounding up to the pound). */
  chargedLb: number;
  basis: 'actual' | 'volumetric';
}

/** Rounds to the hundredth of a pound, the precision weights are kept in; float noise never tips it. */
const hundredths = (lb: number) => Math.round(Math.round(lb * 1e6) / 1e4) / 100;

/** The volumetric weight in pounds (two decimals), or null when it does not apply. */
export function volumetricWeight(parcel: Omit<MeasuredParcel, 'weightLb'>, rule: VolumetricRule): number | null {
  const { lengthIn: l, widthIn: w, heightIn: h } = parcel;
  if (!l || !w || !h || l <= 0 || w <= 0 || h <= 0) return null;
  const cubicInches = l * w * h;
  if (parcel.mode === 'AIR') return rule.airDivisorIn3PerLb ? hundredths(cubicInches / rule.airDivisorIn3PerLb) : null;
  return rule.seaLbPerFt3 ? hundredths((cubicInches / CUBIC_INCHES_PER_FOOT) * rule.seaLbPerFt3) : null;
}

/** The weight billed: the greater of actual and volumetric; a tie bills the actual weight. */
export function chargeableWeight(parcel: MeasuredParcel, rule: VolumetricRule): ChargeableWeight {
  const volumetricLb = volumetricWeight(parcel, rule);
  const volumetric = volumetricLb !== null && volumetricLb > parcel.weightLb;
  return {
    actualLb: parcel.weightLb,
    volumetricLb,
    chargedLb: volumetric ? (volumetricLb as number) : parcel.weightLb,
    basis: volumetric ? 'volumetric' : 'actual',
  };
}

/**
 * Reads what a dimensioner (or a person) types: "12x10x8", "12 x 10 x 8", "12*10*8",
 * "12.5X10X8 in". Null when it is not three positive numbers.
 */
export function parseDimensions(text: string): { lengthIn: number; widthIn: number; heightIn: number } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*[x×*,]\s*(\d+(?:\.\d+)?)\s*[x×*,]\s*(\d+(?:\.\d+)?)\s*(?:in|inches|")?\s*$/i.exec(text);
  if (!match) return null;
  const [l, w, h] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!(l > 0 && w > 0 && h > 0)) return null;
  return { lengthIn: l, widthIn: w, heightIn: h };
}

export const DIMENSIONS_FORMAT_MESSAGE = 'Type the dimensions as length x width x height in inches, e.g. 12x10x8';
