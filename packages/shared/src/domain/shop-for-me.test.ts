import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_FEE_RULE, shopQuoteTotals, shopServiceFee, usdToJmdCents } from './shop-for-me';

describe('Shop For Me service fee', () => {
  it('is 10% of the item cost above the minimum', () => {
    expect(shopServiceFee(12_345, DEFAULT_SHOP_FEE_RULE)).toBe(1_235);
  });
  it('is never below the minimum of USD 5', () => {
    expect(shopServiceFee(2_000, DEFAULT_SHOP_FEE_RULE)).toBe(500);
  });
  it('is nothing when nothing is bought', () => {
    expect(shopServiceFee(0, DEFAULT_SHOP_FEE_RULE)).toBe(0);
  });
  it("follows the courier's own rule", () => {
    expect(shopServiceFee(10_000, { percentTenths: 75, minimumUsdCents: 1_000 })).toBe(1_000);
    expect(shopServiceFee(40_000, { percentTenths: 75, minimumUsdCents: 1_000 })).toBe(3_000);
  });
});

describe('Shop For Me quote totals', () => {
  it('adds items by quantity, tax, shipping and the fee', () => {
    const totals = shopQuoteTotals(
      [
        { quantity: 2, unitPriceUsdCents: 2_499 },
        { quantity: 1, unitPriceUsdCents: 7_000 },
      ],
      { salesTaxUsdCents: 840, usShippingUsdCents: 599 },
      DEFAULT_SHOP_FEE_RULE,
    );
    expect(totals).toEqual({
      itemsUsdCents: 11_998,
      salesTaxUsdCents: 840,
      usShippingUsdCents: 599,
      serviceFeeUsdCents: 1_200,
      totalUsdCents: 14_637,
    });
  });
  it('converts to JMD cents at the rate', () => {
    expect(usdToJmdCents(14_637, 157.5)).toBe(2_305_328);
  });
});
