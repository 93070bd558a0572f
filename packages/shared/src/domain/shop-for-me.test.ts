import { describe, expect, it } from 'vitest';
import { type FeeVersion, defaultServiceFeeVersion } from './fees';
import { shopQuoteTotals, shopServiceFeeFromEngine, usdToJmdCents } from './shop-for-me';

const spec = defaultServiceFeeVersion('shop_for_me');
const one = (unitPriceUsdCents: number) => [{ quantity: 1, unitPriceUsdCents }];

describe('Shop For Me service fee (the fee engine entry)', () => {
  it('is 10% of the item cost above the minimum', () => {
    expect(shopServiceFeeFromEngine(one(12_345), spec)).toBe(1_235);
  });
  it('is never below the minimum of USD 5', () => {
    expect(shopServiceFeeFromEngine(one(2_000), spec)).toBe(500);
  });
  it('is nothing when nothing is bought', () => {
    expect(shopServiceFeeFromEngine(one(0), spec)).toBe(0);
  });
  it("follows the courier's own rule", () => {
    const own: FeeVersion = { ...spec, percentBps: 750, minimumCents: 1_000 };
    expect(shopServiceFeeFromEngine(one(10_000), own)).toBe(1_000);
    expect(shopServiceFeeFromEngine(one(40_000), own)).toBe(3_000);
    const perItem: FeeVersion = { ...spec, method: 'per_item', amountCents: 300 };
    expect(shopServiceFeeFromEngine([{ quantity: 3, unitPriceUsdCents: 1_000 }], perItem)).toBe(900);
  });
});

describe('Shop For Me quote totals', () => {
  const items = [
    { quantity: 2, unitPriceUsdCents: 2_499 },
    { quantity: 1, unitPriceUsdCents: 7_000 },
  ];
  it('adds items by quantity, tax, shipping and the fee', () => {
    const totals = shopQuoteTotals(items, { salesTaxUsdCents: 840, usShippingUsdCents: 599 }, { fee: spec, gctBps: 1500 });
    expect(totals).toEqual({
      itemsUsdCents: 11_998,
      salesTaxUsdCents: 840,
      usShippingUsdCents: 599,
      serviceFeeUsdCents: 1_200,
      serviceFeeGctUsdCents: 0,
      serviceFeeGctBps: 0,
      serviceFeeVersionId: 0,
      totalUsdCents: 14_637,
    });
  });
  it('adds GCT on the service fee when the fee says GCT applies', () => {
    const totals = shopQuoteTotals(
      items,
      { salesTaxUsdCents: 840, usShippingUsdCents: 599 },
      { fee: { ...spec, gctApplies: true }, gctBps: 1500 },
    );
    expect(totals.serviceFeeGctUsdCents).toBe(180);
    expect(totals.serviceFeeGctBps).toBe(1500);
    expect(totals.totalUsdCents).toBe(14_817);
  });
  it('converts to JMD cents at the rate', () => {
    expect(usdToJmdCents(14_637, 157.5)).toBe(2_305_328);
  });
});
