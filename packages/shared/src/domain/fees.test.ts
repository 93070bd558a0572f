import { describe, expect, it } from 'vitest';
import { percentOf } from './charges';
import { addDays } from './datetime';
import {
  type FeeVersion,
  bandFor,
  chargeableStorageDays,
  daysBetween,
  feeCents,
  inForceByCode,
  percentOfBps,
  storageCountdown,
  taxRateOn,
  versionsInForce,
} from './fees';

let nextVersion = 1;
function fee(over: Partial<FeeVersion>): FeeVersion {
  return {
    feeId: 1,
    versionId: nextVersion++,
    code: null,
    name: 'Fee',
    appliesTo: 'package',
    method: 'fixed',
    amountCents: 0,
    percentBps: 0,
    minimumCents: 0,
    bands: [],
    bandBasis: 'weight',
    freeDays: 0,
    gctApplies: false,
    effectiveFrom: '2000-01-01',
    effectiveTo: null,
    createdAt: '2000-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('each method prices a subject in integer cents', () => {
  it.each<[string, Partial<FeeVersion>, Parameters<typeof feeCents>[1], number]>([
    ['fixed', { method: 'fixed', amountCents: 500_00 }, {}, 500_00],
    ['percent of value', { method: 'percent_value', percentBps: 200 }, { valueCents: 30_000_00 }, 600_00],
    [
      'percent of value, the minimum wins',
      { method: 'percent_value', percentBps: 200, minimumCents: 600_00 },
      { valueCents: 10_000_00 },
      600_00,
    ],
    ['percent of value rounds half-up', { method: 'percent_value', percentBps: 250 }, { valueCents: 101 }, 3],
    ['percent of value rounds down below half', { method: 'percent_value', percentBps: 250 }, { valueCents: 99 }, 2],
    ['percent of freight', { method: 'percent_freight', percentBps: 1500 }, { freightCents: 1_233_33 }, 185_00],
    ['per pound, weight up to the whole pound', { method: 'per_pound', amountCents: 100_00 }, { weightLbs: 2.2 }, 300_00],
    ['per pound, float noise tolerated', { method: 'per_pound', amountCents: 100_00 }, { weightLbs: 2.0000001 }, 200_00],
    ['per item', { method: 'per_item', amountCents: 250_00 }, { items: 3 }, 750_00],
    ['per item, no items', { method: 'per_item', amountCents: 250_00 }, { items: 0 }, 0],
    [
      'tiered: each pound at its band',
      {
        method: 'tiered',
        bands: [
          { from: 0, to: 10, cents: 350_00 },
          { from: 10, to: null, cents: 300_00 },
        ],
      },
      { weightLbs: 12.5 },
      10 * 350_00 + 3 * 300_00,
    ],
    [
      'tiered on value: each whole unit at its band',
      {
        method: 'tiered',
        bandBasis: 'value',
        bands: [
          { from: 0, to: 100, cents: 10 },
          { from: 100, to: null, cents: 5 },
        ],
      },
      { valueCents: 150_00 },
      100 * 10 + 50 * 5,
    ],
    [
      'threshold: the band reached',
      {
        method: 'threshold',
        bands: [
          { from: 0.5, to: 10, cents: 300_00 },
          { from: 10, to: 20, cents: 500_00 },
        ],
      },
      { weightLbs: 15 },
      500_00,
    ],
    [
      'threshold: on a shared boundary the lower band wins',
      {
        method: 'threshold',
        bands: [
          { from: 10, to: 20, cents: 500_00 },
          { from: 0.5, to: 10, cents: 300_00 },
        ],
      },
      { weightLbs: 10 },
      300_00,
    ],
    ['threshold: outside every band is free', { method: 'threshold', bands: [{ from: 0.5, to: 10, cents: 300_00 }] }, { weightLbs: 30 }, 0],
    [
      'threshold on value (US$10 up to 100, US$15 above)',
      {
        method: 'threshold',
        bandBasis: 'value',
        bands: [
          { from: 0, to: 100, cents: 10_00 },
          { from: 100.01, to: null, cents: 15_00 },
        ],
      },
      { valueCents: 180_00 },
      15_00,
    ],
  ])('%s', (_name, over, subject, expected) => {
    const cents = feeCents(fee(over), subject);
    expect(cents).toBe(expected);
    expect(Number.isInteger(cents)).toBe(true);
  });
});

describe('storage charges each day beyond the free days', () => {
  const storage = fee({ appliesTo: 'storage_day', method: 'fixed', amountCents: 50_00, freeDays: 7 });
  it.each([
    [0, 0],
    [7, 0],
    [8, 50_00],
    [20, 13 * 50_00],
  ])('%s days in the warehouse -> %s cents', (days, expected) => expect(feeCents(storage, { days })).toBe(expected));

  it('a daily fee by weight band (small J$100, large J$400)', () => {
    const banded = fee({
      appliesTo: 'storage_day',
      method: 'threshold',
      freeDays: 14,
      bands: [
        { from: 0, to: 20, cents: 100_00 },
        { from: 20, to: null, cents: 400_00 },
      ],
    });
    expect(feeCents(banded, { days: 16, weightLbs: 5 })).toBe(2 * 100_00);
    expect(feeCents(banded, { days: 16, weightLbs: 45 })).toBe(2 * 400_00);
  });

  it('counts down: free until the ready day plus the free days', () => {
    expect(storageCountdown(storage, '2026-11-26', {})).toEqual({ freeUntil: '2026-12-03', dailyCents: 50_00 });
    expect(chargeableStorageDays(storage, daysBetween('2026-11-26', '2026-12-03'))).toBe(0);
    expect(chargeableStorageDays(storage, daysBetween('2026-11-26', '2026-12-04'))).toBe(1);
  });

  it('days across a month and a year end', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
  });
});

describe('dates in force', () => {
  const v1 = fee({ feeId: 9, amountCents: 100_00, effectiveFrom: '2026-01-01', createdAt: '2026-01-01T10:00:00.000Z' });
  const v2 = fee({ feeId: 9, amountCents: 150_00, effectiveFrom: '2026-12-01', createdAt: '2026-11-20T10:00:00.000Z' });
  const other = fee({ feeId: 10, code: 'gct', amountCents: 7, effectiveFrom: '2026-01-01' });

  it.each([
    ['2025-12-31', []],
    ['2026-01-01', [100_00, 7]],
    ['2026-11-30', [100_00, 7]],
    ['2026-12-01', [150_00, 7]],
  ])('on %s', (day, amounts) => expect(versionsInForce([v1, v2, other], day).map((v) => v.amountCents)).toEqual(amounts));

  it('a version written after the invoice was issued does not reach it', () => {
    const sameDay = fee({ feeId: 9, amountCents: 175_00, effectiveFrom: '2026-01-01', createdAt: '2026-06-01T12:00:00.000Z' });
    expect(versionsInForce([v1, sameDay], '2026-06-01', '2026-06-01T09:00:00.000Z')[0]?.amountCents).toBe(100_00);
    expect(versionsInForce([v1, sameDay], '2026-06-01', '2026-06-01T13:00:00.000Z')[0]?.amountCents).toBe(175_00);
  });

  it('an ended version stops after its last day', () => {
    const ended = fee({ feeId: 11, effectiveFrom: '2026-01-01', effectiveTo: '2026-03-31' });
    expect(versionsInForce([ended], '2026-03-31')).toHaveLength(1);
    expect(versionsInForce([ended], '2026-04-01')).toHaveLength(0);
  });

  it('finds a fee by its code', () => {
    expect(inForceByCode([v1, other], 'gct', '2026-05-01')?.amountCents).toBe(7);
    expect(inForceByCode([v1], 'gct', '2026-05-01')).toBeUndefined();
  });

  it('GCT as a dated tax rate: 16.5% before 1 April 2020, 15% from it', () => {
    const rates = [
      { country: 'JM', code: 'GCT', name: 'GCT', percentBps: 1650, effectiveFrom: '2016-04-01' },
      { country: 'JM', code: 'GCT', name: 'GCT', percentBps: 1500, effectiveFrom: '2020-04-01' },
    ];
    expect(taxRateOn(rates, 'JM', 'GCT', '2020-03-31')?.percentBps).toBe(1650);
    expect(taxRateOn(rates, 'JM', 'GCT', '2020-04-01')?.percentBps).toBe(1500);
    expect(taxRateOn(rates, 'JM', 'GCT', '2010-01-01')).toBeUndefined();
  });
});

describe('rounding', () => {
  it.each([0, 1, 99, 12_345, 1_233_33, 999_999_99])('basis points agree with the one-decimal GCT rule for %s cents', (cents) => {
    for (const percent of [0, 15, 16.5, 12.3, 100]) expect(percentOfBps(cents, percent * 100)).toBe(percentOf(cents, percent));
  });
  it('a negative amount rounds away from zero symmetrically', () => expect(percentOfBps(-101, 250)).toBe(-3));
  it('bandFor with no bands', () => expect(bandFor([], 3)).toBeUndefined());
});
