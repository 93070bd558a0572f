import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_WEIGHT_MESSAGE,
  type CalculatorInput,
  DEFAULT_CALCULATOR_RATES,
  calculateShipping,
  shippingCostJmd,
} from './calculator';

function quote(input: CalculatorInput) {
  const result = calculateShipping(input);
  if (!result.ok) throw new Error(`expected a quote, got "${result.error}"`);
  return result.quote;
}

describe('shipping cost by whole pound (the table of the spec)', () => {
  it.each([
    [1, 650],
    [2, 1050],
    [3, 1450],
    [4, 1850],
    [5, 2250],
    [6, 2650],
    [7, 3050],
    [8, 3450],
    [9, 3850],
    [10, 4250],
    [11, 4600],
    [12, 4950],
    [25, 9500],
  ])('%i lb -> JMD %i', (lbs, jmd) => expect(shippingCostJmd(lbs)).toBe(jmd));
});

describe('weight is rounded up to the next whole pound', () => {
  it.each([
    ['0.1', 1, 65_000],
    ['0.5', 1, 65_000],
    ['1', 1, 65_000],
    ['1.01', 2, 105_000],
    ['2.5', 3, 145_000],
    ['9.99', 10, 425_000],
    ['10', 10, 425_000],
    ['10.01', 11, 460_000],
    ['15.2', 16, 635_000],
    [7, 7, 305_000],
    [' 3 ', 3, 145_000],
  ])('%s lb bills %i lb at %i cents', (weightLbs, billable, shippingCents) => {
    const q = quote({ weightLbs });
    expect(q.billableWeightLbs).toBe(billable);
    expect(q.shippingJmdCents).toBe(shippingCents);
    expect(q.totalJmdCents).toBe(shippingCents);
  });
});

describe('customs duty: 20% of the item cost x 150, only above USD 100', () => {
  it.each([
    // itemCostUsd, itemCostJmdCents, customsJmdCents
    ['', 0, 0],
    ['0', 0, 0],
    ['50', 750_000, 0],
    ['100', 1_500_000, 0],
    ['100.01', 1_500_150, 300_030],
    ['200', 3_000_000, 600_000],
    ['49.99', 749_850, 0],
  ])('item USD %s', (itemCostUsd, itemJmdCents, customsCents) => {
    const q = quote({ weightLbs: '1', itemCostUsd });
    expect(q.itemCostJmdCents).toBe(itemJmdCents);
    expect(q.customsJmdCents).toBe(customsCents);
    expect(q.customsApplies).toBe(customsCents > 0);
    expect(q.totalJmdCents).toBe(65_000 + itemJmdCents + customsCents);
  });

  it('gives the total in JMD and an approximate USD total', () => {
    // 5 lb (2250) + USD 200 (30,000) + customs (6,000) = JMD 38,250 = USD 255.00
    const q = quote({ weightLbs: '4.2', itemCostUsd: '200' });
    expect(q.totalJmdCents).toBe(3_825_000);
    expect(q.approxTotalUsdCents).toBe(25_500);
  });
});

describe('item cost counts as 0 when empty or invalid', () => {
  it.each([[undefined], [null], [''], ['   '], ['abc'], ['-40'], ['NaN'], ['Infinity']])('%s', (itemCostUsd) => {
    const q = quote({ weightLbs: '2', itemCostUsd });
    expect(q.itemCostUsdCents).toBe(0);
    expect(q.customsJmdCents).toBe(0);
    expect(q.totalJmdCents).toBe(105_000);
  });
});

describe('dimensions are optional and change nothing', () => {
  it('same total with and without dimensions', () => {
    const without = quote({ weightLbs: '3', itemCostUsd: '120' });
    const withDims = quote({ weightLbs: '3', itemCostUsd: '120', lengthIn: '40', widthIn: '30', heightIn: '20' });
    expect(withDims).toEqual(without);
  });
});

describe('weight is required and greater than 0', () => {
  it.each([[undefined], [null], [''], ['  '], ['0'], [0], ['-1'], ['abc'], ['Infinity'], [Number.NaN]])('%s is refused', (weightLbs) => {
    expect(calculateShipping({ weightLbs, itemCostUsd: '150' })).toEqual({ ok: false, error: CALCULATOR_WEIGHT_MESSAGE });
  });

  it('uses the exact message of the spec', () => {
    expect(CALCULATOR_WEIGHT_MESSAGE).toBe('Please enter a valid weight greater than 0 lbs.');
  });
});

describe("a courier's own rates", () => {
  const island = {
    rates: [
      { weightLbs: 1, costCents: 80_000 },
      { weightLbs: 5, costCents: 200_000 },
    ],
    additionalPoundCents: 50_000,
    exchangeRateJmdPerUsd: 160,
  };
  it('charges its table, its extra pound and its exchange rate', () => {
    const result = calculateShipping({ weightLbs: '1', itemCostUsd: '10' }, island);
    if (!result.ok) throw new Error(result.error);
    expect(result.quote.shippingJmdCents).toBe(80_000);
    expect(result.quote.itemCostJmdCents).toBe(160_000);
    const heavy = calculateShipping({ weightLbs: '3' }, island);
    expect(heavy.ok && heavy.quote.shippingJmdCents).toBe(200_000);
    const over = calculateShipping({ weightLbs: '7' }, island);
    expect(over.ok && over.quote.shippingJmdCents).toBe(300_000);
    const withDuty = calculateShipping({ weightLbs: '1', itemCostUsd: '200' }, island);
    expect(withDuty.ok && withDuty.quote.customsJmdCents).toBe(640_000);
    expect(withDuty.ok && withDuty.quote.approxTotalUsdCents).toBe(Math.round((80_000 + 3_200_000 + 640_000) / 160));
  });
  it('without rates keeps the table of the spec', () => {
    const result = calculateShipping({ weightLbs: '12' }, DEFAULT_CALCULATOR_RATES);
    expect(result.ok && result.quote.shippingJmdCents).toBe(495_000);
  });
});
