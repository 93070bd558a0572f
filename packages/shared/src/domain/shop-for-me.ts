import { type FeeVersion, feeCents, percentOfBps } from './fees';

export interface QuoteItem {
  quantity: number;
  unitPriceUsdCents: number;
}

export interface ShopQuoteTotals {
  itemsUsdCents: number;
  salesTaxUsdCents: number;
  usShippingUsdCents: number;
  serviceFeeUsdCents: number;
  /** GCT on the service fee, when its fee entry says GCT applies (0 otherwise). */
  serviceFeeGctUsdCents: number;
  /** The GCT rate charged on the service fee, in basis points (0 when none). */
  serviceFeeGctBps: number;
  /** The fee engine version that priced the service fee. */
  serviceFeeVersionId: number | null;
  totalUsdCents: number;
}

/** How a quote prices its service fee: the fee engine's version in force, and the GCT rate of the day. */
export interface ShopFeePricing {
  fee: FeeVersion;
  /** GCT in force on the quote's day (basis points), charged when the fee says GCT applies. */
  gctBps: number;
}

/**
 * The service fee from the fee engine: the fee priced on the item cost (value) and the number of
 * items; nothing when there is nothing to buy.
 */
export function shopServiceFeeFromEngine(items: QuoteItem[], fee: FeeVersion): number {
  const itemsUsdCents = items.reduce((sum, i) => sum + i.quantity * i.unitPriceUsdCents, 0);
  if (itemsUsdCents <= 0) return 0;
  const count = items.reduce((sum, i) => sum + i.quantity, 0);
  return feeCents(fee, { valueCents: itemsUsdCents, items: count });
}

/**
 * A quote's totals: items at their price and quantity, plus US sales tax, US shipping, the service
 * fee (the courier's fee entry) and GCT on that fee when the entry says GCT applies.
 */
export function shopQuoteTotals(
  items: QuoteItem[],
  extras: { salesTaxUsdCents: number; usShippingUsdCents: number },
  pricing: ShopFeePricing,
): ShopQuoteTotals {
  const itemsUsdCents = items.reduce((sum, i) => sum + i.quantity * i.unitPriceUsdCents, 0);
  const serviceFeeUsdCents = shopServiceFeeFromEngine(items, pricing.fee);
  const gctBps = pricing.fee.gctApplies ? pricing.gctBps : 0;
  const serviceFeeGctUsdCents = percentOfBps(serviceFeeUsdCents, gctBps);
  return {
    itemsUsdCents,
    salesTaxUsdCents: extras.salesTaxUsdCents,
    usShippingUsdCents: extras.usShippingUsdCents,
    serviceFeeUsdCents,
    serviceFeeGctUsdCents,
    serviceFeeGctBps: gctBps,
    serviceFeeVersionId: pricing.fee.versionId,
    totalUsdCents: itemsUsdCents + extras.salesTaxUsdCents + extras.usShippingUsdCents + serviceFeeUsdCents + serviceFeeGctUsdCents,
  };
}

/** USD cents in JMD cents at the courier's rate (JMD per USD), rounded to the cent. */
export const usdToJmdCents = (usdCents: number, jmdPerUsd: number) => Math.round(usdCents * jmdPerUsd);
