import { describe, expect, it } from 'vitest';
import { allocateByWeight, costInJmdCents, rateUnits } from './cost-allocation';

const parcels = (...weights: number[]) => weights.map((weightLb, i) => ({ id: i + 1, weightLb }));
const cents = (total: number, ...weights: number[]) => allocateByWeight(total, parcels(...weights)).map((s) => s.cents);

describe('costs allocated by billable weight, largest remainder', () => {
  it.each([
    // total, weights, shares
    [100, [1, 1, 1], [34, 33, 33]],
    [200, [1, 1, 1], [67, 67, 66]],
    [1000, [2, 3, 5], [200, 300, 500]],
    [1000, [1, 2], [333, 667]],
    [1, [5, 5], [1, 0]],
    [7, [1, 1, 1, 1], [2, 2, 2, 1]],
    [10_000_001, [3, 7], [3_000_000, 7_000_001]],
    [0, [4, 6], [0, 0]],
    [500, [0, 3, 0, 2], [0, 300, 0, 200]],
    [999, [10, 20, 30, 40], [100, 200, 300, 399]],
  ])('%i cents over %j pounds is %j', (total, weights, shares) => {
    const got = cents(total, ...weights);
    expect(got).toEqual(shares);
    expect(got.reduce((s, c) => s + c, 0)).toBe(total);
  });

  it('adds up exactly for awkward totals and many parcels', () => {
    const weights = Array.from({ length: 137 }, (_, i) => (i * 7919) % 23);
    for (const total of [1, 99, 1_234_567, 98_765_432_101]) expect(cents(total, ...weights).reduce((s, c) => s + c, 0)).toBe(total);
  });

  it('gives the leftover cents to the largest remainders, a tie to the earlier parcel', () => {
    // 10 over 1:1:1 is 3.33 each: the first gets the cent left over.
    expect(cents(10, 1, 1, 1)).toEqual([4, 3, 3]);
    // 10 over 3:3:4 is 3, 3, 4 exactly.
    expect(cents(10, 3, 3, 4)).toEqual([3, 3, 4]);
    // 11 over 1:2:4 is 1.571, 3.143, 6.286: the first's .571 is the largest remainder.
    expect(cents(11, 1, 2, 4)).toEqual([2, 3, 6]);
  });

  it('allocates nothing when no parcel has weight, and refuses fractions and negatives', () => {
    expect(allocateByWeight(500, [])).toEqual([]);
    expect(cents(500, 0, 0)).toEqual([0, 0]);
    expect(() => cents(-1, 1)).toThrow(RangeError);
    expect(() => cents(1.5, 1)).toThrow(RangeError);
    expect(() => cents(100, 1.5)).toThrow(RangeError);
  });
});

describe('a cost line in JMD cents', () => {
  it.each([
    [10_000, 'JMD', null, 10_000],
    [10_000, 'USD', '157.25', 1_572_500],
    [1, 'USD', '157.25', 157],
    [1, 'USD', '157.5', 158],
    [3, 'USD', '0.1667', 1],
    [123_456, 'USD', '155.0001', 19_135_692],
  ] as const)('%i %s at %s is %i', (amount, currency, rate, jmd) => {
    expect(costInJmdCents(amount, currency, rate)).toBe(jmd);
  });

  it('needs a rate for USD', () => {
    expect(() => costInJmdCents(100, 'USD', null)).toThrow(RangeError);
    expect(() => costInJmdCents(100, 'USD', 'abc')).toThrow(RangeError);
  });

  it.each([
    ['157.25', 1_572_500],
    ['150', 1_500_000],
    [' 1.0001 ', 10_001],
    ['0', null],
    ['-5', null],
    ['1.23456', null],
    ['12345', null],
    ['1,000', null],
  ])('rate %j is %j ten-thousandths', (text, units) => {
    expect(rateUnits(text)).toBe(units);
  });
});
