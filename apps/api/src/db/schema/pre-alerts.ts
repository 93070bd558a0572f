import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CARRIERS, PRE_ALERT_STATUSES } from '@courier/shared/constants/packages';
import { couriers } from './couriers';
import { customers } from './customers';

/** A customer's notice of a package on its way to the US warehouse, with the merchant's invoice. */
export const preAlerts = pgTable(
  'pre_alerts',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    trackingNumber: text().notNull(),
    carrier: text({ enum: CARRIERS }).notNull().default('OTHER'),
    merchant: text().notNull(),
    description: text().notNull(),
    declaredValueUsdCents: integer().notNull(),
    /** Storage key of the invoice file; null until the customer uploads it. */
    invoicePath: text(),
    invoiceName: text(),
    invoiceMime: text(),
    status: text({ enum: PRE_ALERT_STATUSES }).notNull().default('pending'),
    /** Set when the courier placed the order for a Shop For Me request: it holds the merchant's receipt itself. */
    shopRequestId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.customerId, t.createdAt), index().on(t.courierId, t.trackingNumber)],
);
