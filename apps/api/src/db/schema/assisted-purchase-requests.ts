import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/** One item of a Shop For Me request; the estimated price is USD cents as the visitor guessed it. */
export interface AssistedPurchaseItemRow {
  itemUrl: string;
  itemDescription: string;
  quantity: number;
  estimatedPriceUsdCents: number | null;
}

/**
 * A 'Shop For Me' request sent from the public site. The items stay together as one
 * JSON list: they are read as one request, never queried one by one, and at most 20 of them.
 */
export const assistedPurchaseRequests = pgTable(
  'assisted_purchase_requests',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    name: text().notNull(),
    email: text().notNull(),
    items: jsonb().$type<AssistedPurchaseItemRow[]>().notNull(),
    notes: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.createdAt)],
);
