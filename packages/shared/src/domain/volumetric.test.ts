import { describe, expect, it } from 'vitest';
import { type MeasuredParcel, type VolumetricRule, chargeableWeight, parseDimensions, volumetricWeight } from './volumetric';

const AIR_139: VolumetricRule = { airDivisorIn3PerLb: 139, seaLbPerFt3: null };
const BOTH: VolumetricRule = { airDivisorIn3PerLb: 139, seaLbPerFt3: 10 };
const parcel = (over: Partial<MeasuredParcel>): MeasuredParcel => ({
  weightLb: 2,
  lengthIn: 12,
  widthIn: 10,
  heightIn: 8,
  mode: 'AIR',
  ...over,
});

describe('volumetric weight', () => {
  it.each([
    // L, W, H, mode, rule, expected lb
    [12, 10, 8, 'AIR', AIR_139, 6.91], // 960 / 139 = 6.906...
    [20, 20, 20, 'AIR', AIR_139, 57.55], // 8000 / 139 = 57.553...
    [10, 10, 10, 'AIR', { airDivisorIn3PerLb: 166, seaLbPerFt3: null }, 6.02], // 1000 / 166
    [12, 12, 12, 'SEA', BOTH, 10], // one cubic foot at 10 lb
    [24, 12, 12, 'SEA', BOTH, 20], // two cubic feet
    [12, 10, 8, 'SEA', AIR_139, null], // SEA not volumetric for this courier
    [12, 10, 8, 'AIR', { airDivisorIn3PerLb: null, seaLbPerFt3: 10 }, null], // AIR off
  ] as const)('%s x %s x %s %s -> %s lb', (l, w, h, mode, rule, expected) => {
    expect(volumetricWeight({ lengthIn: l, widthIn: w, heightIn: h, mode }, rule)).toBe(expected);
  });

  it('is null when a dimension is missing', () => {
    expect(volumetricWeight({ lengthIn: 12, widthIn: null, heightIn: 8, mode: 'AIR' }, AIR_139)).toBeNull();
  });
});

describe('chargeableWeight bills the greater of actual and volumetric', () => {
  it.each([
    // weight, dims, expected basis, charged lb
    [2, [12, 10, 8], 'volumetric', 6.91],
    [10, [12, 10, 8], 'actual', 10],
    [6.91, [12, 10, 8], 'actual', 6.91], // a tie bills the actual weight
    [2, [null, null, null], 'actual', 2],
  ] as const)('%s lb, %j', (weightLb, [l, w, h], basis, chargedLb) => {
    const result = chargeableWeight(parcel({ weightLb, lengthIn: l, widthIn: w, heightIn: h }), AIR_139);
    expect(result.basis).toBe(basis);
    expect(result.chargedLb).toBe(chargedLb);
    expect(result.actualLb).toBe(weightLb);
  });

  it('keeps both figures for the invoice line', () => {
    expect(chargeableWeight(parcel({ weightLb: 3 }), AIR_139)).toEqual({
      actualLb: 3,
      volumetricLb: 6.91,
      chargedLb: 6.91,
      basis: 'volumetric',
    });
  });
});

describe('parseDimensions reads what a dimensioner types', () => {
  it.each([
    ['12x10x8', [12, 10, 8]],
    ['12 x 10 x 8', [12, 10, 8]],
    ['12.5X10X8 in', [12.5, 10, 8]],
    ['12*10*8', [12, 10, 8]],
    ['12×10×8"', [12, 10, 8]],
  ])('%s', (text, [l, w, h]) => {
    expect(parseDimensions(text)).toEqual({ lengthIn: l, widthIn: w, heightIn: h });
  });
  it.each(['12x10', '12x0x8', 'abc', '12x10x8x4', ''])('refuses %j', (text) => {
    expect(parseDimensions(text)).toBeNull();
  });
});
