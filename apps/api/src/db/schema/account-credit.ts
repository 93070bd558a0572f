import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDIT_ENTRY_KINDS, COUPON_KINDS } from '@courier/shared/schemas/account-credit';
import { couriers } from './couriers';
import { customers } from './customers';
import { invoices } from './invoices';
import { payments } from './payments';
import { users } from './users';

/**
 * The account credit ledger: one row per change of a customer's credit. Credit in is positive
 * (refund, goodwill, referral, coupon), credit used is negative. `customers.credit_cents` is the
 * running sum, changed in the same transaction under the customer's row lock.
 */
export const accountCreditEntries = pgTable(
  'account_credit_entries',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text({ enum: CREDIT_ENTRY_KINDS }).notNull(),
    amountCents: integer().notNull(),
    balanceAfterCents: integer().notNull(),
    /** What a person reads in the history: the reason, the credit note, the referral. */
    description: text().notNull(),
    /** The account-credit payment that used it (kind used). */
    paymentId: integer().references(() => payments.id),
    /** The refund's credit note (kind refund). */
    creditNoteNo: text(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.customerId, t.createdAt), check('account_credit_entries_not_zero', sql`${t.amountCents} <> 0`)],
);

/** A courier's coupon: a percentage or a fixed amount off one invoice, or its delivery free. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    /** Upper case, unique per courier. */
    code: text().notNull(),
    kind: text({ enum: COUPON_KINDS }).notNull(),
    /** Whole percent off (kind percent). */
    percent: integer(),
    /** JMD cents off (kind fixed). */
    amountCents: integer(),
    /** Valid from and until these days (inclusive, the courier's calendar); null = open. */
    validFrom: date({ mode: 'string' }),
    validUntil: date({ mode: 'string' }),
    /** Uses in all; null = no limit. Each customer uses a coupon once. */
    maxUses: integer(),
    usesCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.code),
    check('coupons_uses_within_limit', sql`${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}`),
  ],
);

/** One customer's use of a coupon on one invoice. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    couponId: integer()
      .notNull()
      .references(() => coupons.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.couponId, t.customerId), index().on(t.courierId, t.couponId)],
);

/** A business customer's monthly statement, once sent: the job sends each month once. */
export const customerStatements = pgTable(
  'customer_statements',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** The statement's month, `YYYY-MM` in the courier's time zone. */
    month: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.customerId, t.month)],
);
