import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES } from '@courier/shared/constants/billing';
import { couriers } from './couriers';
import { customers } from './customers';
import { users } from './users';

/**
 * An invoice for one or more packages of one customer (DOMAIN.md, Charges). The totals are the
 * sums of its lines, kept here so lists and reports need no join; `paidCents` is the sum of its
 * payment allocations.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    invoiceNo: text().notNull(),
    status: text({ enum: INVOICE_STATUSES }).notNull().default('unpaid'),
    freightCents: integer().notNull().default(0),
    discountCents: integer().notNull().default(0),
    processingCents: integer().notNull().default(0),
    gctCents: integer().notNull().default(0),
    customsCents: integer().notNull().default(0),
    feesCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    paidCents: integer().notNull().default(0),
    /** The membership tier applied, for the record (it changes as the customer collects more). */
    membershipTier: text(),
    gctPercent: text().notNull().default('0'),
    exchangeRate: integer().notNull(),
    /**
     * The volumetric rule this invoice was issued under, kept so a recompute bills the same way;
     * null on invoices issued before volumetric billing (they bill the actual weight, as issued).
     */
    volumetric: jsonb().$type<{ airDivisorIn3PerLb: number | null; seaLbPerFt3: number | null }>(),
    voidReason: text(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBy: integer().references(() => users.id),
    /** Set on an invoice issued to replace a voided one. */
    replacesInvoiceId: integer(),
    issuedBy: integer().references(() => users.id),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.invoiceNo),
    index().on(t.courierId, t.customerId, t.issuedAt),
    index().on(t.courierId, t.status, t.issuedAt),
    // The invoice detail names the invoice that replaced this one; few invoices replace another.
    index().on(t.replacesInvoiceId).where(sql`${t.replacesInvoiceId} is not null`),
  ],
);
