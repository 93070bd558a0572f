import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { couriers } from './couriers';
import { customers } from './customers';
import { invoices } from './invoices';
import { payments } from './payments';
import { users } from './users';

/**
 * A courier's own merchant account at the card gateway (WiPay). The API key is sealed with
 * `SecretBox` and never leaves the server; the settings screen sees only whether it is set.
 */
export const courierPaymentGateways = pgTable('courier_payment_gateways', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  provider: text({ enum: ['wipay'] })
    .notNull()
    .default('wipay'),
  accountNumber: text().notNull(),
  apiKeyEncrypted: text().notNull(),
  environment: text({ enum: ['sandbox', 'live'] })
    .notNull()
    .default('sandbox'),
  /** WiPay's fee_structure: who bears the gateway's fee. */
  feeStructure: text({ enum: ['merchant_absorb', 'customer_pay', 'split'] })
    .notNull()
    .default('merchant_absorb'),
  status: text({ enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One "Pay now": the checkout we opened at the gateway for one invoice's balance. The gateway's
 * notification is matched against it (order id, amount, currency) and completes it once: the
 * unique transaction id makes a replayed or duplicated notification record nothing.
 */
export const onlinePaymentAttempts = pgTable(
  'online_payment_attempts',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    /** Our order_id at the gateway: random, so it cannot be guessed. */
    orderId: text().notNull().unique(),
    provider: text({ enum: ['wipay', 'simulator'] }).notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** Opened in test mode (or a sandbox account): no money moves, and its payment says TEST. */
    test: boolean().notNull().default(false),
    status: text({ enum: ['pending', 'paid', 'declined'] })
      .notNull()
      .default('pending'),
    transactionId: text(),
    paymentId: integer().references(() => payments.id),
    /** The gateway's words when it declined. */
    message: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.provider, t.transactionId), index().on(t.courierId, t.invoiceId, t.createdAt)],
);

/**
 * Money given back against one payment (part or all of it), for one invoice it was applied to. It
 * is a credit note against that invoice (`CN-000001` per courier): what was owed and what was paid
 * both go down by it, so the invoice's balance and status stay as they were.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    creditNoteNo: text().notNull(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    /** The gateway's refund reference for online payments; null for counter refunds. */
    gatewayReference: text(),
    refundedBy: integer().references(() => users.id),
    /** The till the money left (cash-up counts it out there); null for refunds not handed over at a branch. */
    branchId: integer().references(() => branches.id),
    /** Given back as account credit instead of cash or the card: no till, no gateway. */
    toCredit: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.courierId, t.paymentId),
    uniqueIndex().on(t.courierId, t.creditNoteNo),
    index().on(t.courierId, t.branchId, t.createdAt),
  ],
);
