import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { customers } from './customers';
import { invoices } from './invoices';
import { packages } from './packages';
import { payments } from './payments';

/**
 * A customer's card saved at the card processor (PowerTranz): only the processor's token, sealed
 * with `SecretBox`, and what the customer may see of the card (brand, last four, expiry). Never
 * the number or the security code. One live card per customer; removing it keeps the row.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    provider: text({ enum: ['powertranz'] })
      .notNull()
      .default('powertranz'),
    /** The processor's PanToken, sealed. */
    tokenSealed: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expiryMonth: integer().notNull(),
    expiryYear: integer().notNull(),
    /** Saved at the test processor: charges to it take no money and say TEST. */
    test: boolean().notNull().default(false),
    /** New invoices are charged to it, each after a notice naming the day. */
    autopay: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.courierId, t.customerId), uniqueIndex('saved_cards_one_live').on(t.customerId).where(sql`${t.removedAt} is null`)],
);

/**
 * One card check at the processor (SPI with 3-D Secure): opened when the customer types a card,
 * completed once by the processor's Payment call after the bank's check. `publicKey` names the
 * challenge page in the browser's address; the SPI token is sealed and lives minutes.
 */
export const cardChecks = pgTable(
  'card_checks',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    publicKey: text().notNull().unique(),
    transactionIdentifier: text().notNull().unique(),
    spiTokenSealed: text().notNull(),
    /** The processor's page that starts the bank's check, served once to the customer's browser. */
    redirectData: text(),
    brand: text().notNull(),
    last4: text().notNull(),
    expiryMonth: integer().notNull(),
    expiryYear: integer().notNull(),
    test: boolean().notNull().default(false),
    status: text({ enum: ['pending', 'saved', 'failed'] })
      .notNull()
      .default('pending'),
    message: text(),
    savedCardId: integer().references(() => savedCards.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.courierId, t.customerId, t.createdAt)],
);

/**
 * An invoice to be paid automatically with the saved card: the customer is told the amount and
 * the day first, and the charge job takes it on that day, once (one row per invoice).
 */
export const cardCharges = pgTable(
  'card_charges',
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
    savedCardId: integer()
      .notNull()
      .references(() => savedCards.id),
    /** The balance the notice named; the charge takes the balance on the day, never more. */
    amountCents: integer().notNull(),
    /** YYYY-MM-DD in the courier's time zone. */
    chargeOn: text().notNull(),
    status: text({ enum: ['scheduled', 'paid', 'declined', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    transactionIdentifier: text(),
    paymentId: integer().references(() => payments.id),
    message: text(),
    test: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.invoiceId), index().on(t.status, t.chargeOn), index().on(t.courierId, t.customerId)],
);

/**
 * A parcel's estimated charges paid before it arrives: the payment (receipt, no invoice yet) is
 * held here and applied to the parcel's invoice when it is issued; what is over goes to account
 * credit, what is short stays due. Money is counted once: as the payment, on the day it was taken.
 */
export const prepayments = pgTable(
  'prepayments',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
    paymentId: integer()
      .notNull()
      .references(() => payments.id),
    amountCents: integer().notNull(),
    status: text({ enum: ['held', 'settled'] })
      .notNull()
      .default('held'),
    invoiceId: integer().references(() => invoices.id),
    appliedCents: integer().notNull().default(0),
    creditedCents: integer().notNull().default(0),
    test: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.packageId), index().on(t.courierId, t.customerId)],
);
