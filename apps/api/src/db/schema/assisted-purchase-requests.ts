import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Carrier } from '@courier/shared/constants/packages';
import { SHOP_REQUEST_STATUSES } from '@courier/shared/constants/services';
import { couriers } from './couriers';
import { customers } from './customers';
import { invoices } from './invoices';
import { users } from './users';

/** One item of a Shop For Me request; the estimated price is USD cents as the visitor guessed it. */
export interface AssistedPurchaseItemRow {
  itemUrl: string;
  itemDescription: string;
  quantity: number;
  estimatedPriceUsdCents: number | null;
}

/** The courier's quote, in USD cents: the totals are kept as quoted (the fee entry may change later). */
export interface ShopQuoteRow {
  items: Array<{ description: string; url: string; quantity: number; unitPriceUsdCents: number }>;
  itemsUsdCents: number;
  salesTaxUsdCents: number;
  usShippingUsdCents: number;
  serviceFeeUsdCents: number;
  /** Absent on quotes from before the fee engine priced the service fee (read as 0 / null). */
  serviceFeeGctUsdCents?: number;
  serviceFeeGctBps?: number;
  serviceFeeVersionId?: number | null;
  totalUsdCents: number;
  note: string;
}

/** One merchant order the courier placed; its tracking number is an expected package (pre-alert). */
export interface ShopOrderRow {
  merchant: string;
  orderNumber: string;
  trackingNumber: string;
  carrier: Carrier;
  preAlertId: number;
  /** What the merchant charged for this order's items, as entered (absent on older rows). */
  itemCostUsdCents?: number;
}

/**
 * A 'Shop For Me' request, from the public site or a signed-in customer: requested, quoted,
 * accepted (a service invoice to pay) or declined, purchased (orders become pre-alerts). The items
 * stay together as one JSON list: they are read as one request, never queried one by one.
 */
export const assistedPurchaseRequests = pgTable(
  'assisted_purchase_requests',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    /** The customer it belongs to: set when sent signed in, or from the e-mail of an account. */
    customerId: integer().references(() => customers.id),
    name: text().notNull(),
    email: text().notNull(),
    items: jsonb().$type<AssistedPurchaseItemRow[]>().notNull(),
    notes: text().notNull().default(''),
    status: text({ enum: SHOP_REQUEST_STATUSES }).notNull().default('requested'),
    quote: jsonb().$type<ShopQuoteRow>(),
    quotedAt: timestamp({ withTimezone: true }),
    quotedBy: integer().references(() => users.id),
    /** The service invoice the customer pays online (JMD at the courier's rate). */
    invoiceId: integer().references(() => invoices.id),
    decidedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    orders: jsonb().$type<ShopOrderRow[]>().notNull().default([]),
    purchasedAt: timestamp({ withTimezone: true }),
    purchasedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.courierId, t.createdAt),
    index().on(t.courierId, t.customerId, t.createdAt),
    index().on(t.courierId, t.status, t.createdAt),
  ],
);
