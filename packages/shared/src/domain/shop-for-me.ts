/** The courier's Shop For Me service fee: a percentage of the item cost with a minimum (USD cents). */
export interface ShopFeeRule {
  /** Tenths of a percent: 100 = 10%. */
  percentTenths: number;
  minimumUsdCents: number;
}

/** The spec's words: 10% of item cost, minimum $5. */
export const DEFAULT_SHOP_FEE_RULE: ShopFeeRule = { percentTenths: 100, minimumUsdCents: 500 };

export interface QuoteItem {
  quantity: number;
  unitPriceUsdCents: number;
}

export interface ShopQuoteTotals {
  itemsUsdCents: number;
  salesTaxUsdCents: number;
  usShippingUsdCents: number;
  serviceFeeUsdCents: number;
  totalUsdCents: number;
}

/** The service fee on the item cost: the percentage, rounded to the cent, never below the minimum. */
export function shopServiceFee(itemsUsdCents: number, rule: ShopFeeRule): number {
  if (itemsUsdCents <= 0) return 0;
  const percent = Math.round((itemsUsdCents * rule.percentTenths) / 1000);
  return Math.max(percent, rule.minimumUsdCents);
}

/** A quote's totals: items at their price and quantity, plus US sales tax, US shipping and the service fee. */
export function shopQuoteTotals(
  items: QuoteItem[],
  extras: { salesTaxUsdCents: number; usShippingUsdCents: number },
  rule: ShopFeeRule,
): ShopQuoteTotals {
  const itemsUsdCents = items.reduce((sum, i) => sum + i.quantity * i.unitPriceUsdCents, 0);
  const serviceFeeUsdCents = shopServiceFee(itemsUsdCents, rule);
  return {
    itemsUsdCents,
    salesTaxUsdCents: extras.salesTaxUsdCents,
    usShippingUsdCents: extras.usShippingUsdCents,
    serviceFeeUsdCents,
    totalUsdCents: itemsUsdCents + extras.salesTaxUsdCents + extras.usShippingUsdCents + serviceFeeUsdCents,
  };
}

/** USD cents in JMD cents at the courier's rate (JMD per USD), rounded to the cent. */
export const usdToJmdCents = (usdCents: number, jmdPerUsd: number) => Math.round(usdCents * jmdPerUsd);
