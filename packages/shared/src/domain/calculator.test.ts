import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_WEIGHT_MESSAGE,
  type CalculatorInput,
  DEFAULT_CALCULATOR_RATES,
  calculateShipping,
  shippingCostJmd,
} from './calculator';
import { customsRatesInForce, defaultCustomsRates } from './customs';

function quote(input: CalculatorInput) {
  const result = calculateShipping(input);
  if (!result.ok) throw new Error(`expected a quote, got "${result.error}"`);
  return result.quote;
}

describe('shipping cost by whole pound (the default table)', () => {
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

  it('uses its exact message', () => {
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
  it('without rates keeps the default table', () => {
    const result = calculateShipping({ weightLbs: '12' }, DEFAULT_CALCULATOR_RATES);
    expect(result.ok && result.quote.shippingJmdCents).toBe(495_000);
  });
});

describe('the calculator bills what invoices bill', () => {
  const courier = { ...DEFAULT_CALCULATOR_RATES, volumetric: { airDivisorIn3PerLb: 139, seaLbPerFt3: null } };

  it('a 2.6 lb parcel of 14x10x8 in is billed at its volumetric 9 lb (JMD 3,850), as its invoice is', () => {
    // 14 x 10 x 8 = 1,120 in3 / 139 = 8.06 lb > 2.6 lb: 9 lb on the table = 3,850.00
    const result = calculateShipping({ weightLbs: '2.6', lengthIn: '14', widthIn: '10', heightIn: '8' }, courier);
    if (!result.ok) throw new Error(result.error);
    expect(result.quote).toMatchObject({
      billableWeightLbs: 9,
      shippingJmdCents: 3850_00,
      volumetricWeightLbs: 8.06,
      weightBasis: 'volumetric',
    });
    // Without dimensions, or where the courier bills by actual weight: 3 lb = 1,450.00
    const plain = calculateShipping({ weightLbs: '2.6' }, courier);
    expect(plain.ok && plain.quote.shippingJmdCents).toBe(1450_00);
    const actualOnly = calculateShipping({ weightLbs: '2.6', lengthIn: '14', widthIn: '10', heightIn: '8' }, DEFAULT_CALCULATOR_RATES);
    expect(actualOnly.ok && actualOnly.quote.billableWeightLbs).toBe(3);
  });

  it('customs is the entry invoices charge: USD 200 of general goods, 3.2 lb', () => {
    const rates = { ...courier, customsRates: customsRatesInForce(defaultCustomsRates(), '2026-11-28') };
    const result = calculateShipping({ weightLbs: 3.2, itemCostUsd: 200 }, rates);
    if (!result.ok) throw new Error(result.error);
    // CIF 30,000.00 + 1,850.00 = 31,850.00: duty 6,370.00 + SCF 95.55 + levy 159.25 + GCT on import
    // 5,771.22 + CAF 2,500.00 + stamp duty 100.00 = 14,996.02
    expect(result.quote.customsJmdCents).toBe(14_996_02);
    expect(result.quote.customsParts.map((p) => p.part)).toEqual([
      'import_duty',
      'scf',
      'environmental_levy',
      'import_gct',
      'caf',
      'stamp_duty',
    ]);
    expect(result.quote.totalJmdCents).toBe(30_000_00 + 1850_00 + 14_996_02);
    // A laptop goes by its own class: no import duty, the rest as above on its CIF.
    const laptop = calculateShipping({ weightLbs: 3.2, itemCostUsd: 200, tariffClass: 'computers' }, rates);
    expect(laptop.ok && laptop.quote.customsParts.some((p) => p.part === 'import_duty')).toBe(false);
    // Under the de minimis: nothing.
    const small = calculateShipping({ weightLbs: 3.2, itemCostUsd: 100 }, rates);
    expect(small.ok && small.quote).toMatchObject({ customsJmdCents: 0, customsApplies: false, customsParts: [] });
  });
});
