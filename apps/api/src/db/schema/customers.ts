import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { couriers } from './couriers';

/** A courier's customer. E-mail is unique per courier: one person may use two couriers. */
export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    branchId: integer().references(() => branches.id),
    mailboxNumber: text().notNull(),
    accountType: text({ enum: ['individual', 'business'] })
      .notNull()
      .default('individual'),
    businessName: text(),
    title: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    trn: text(),
    address: text(),
    parish: text(),
    city: text(),
    country: text().notNull().default('Jamaica'),
    avatarUrl: text(),
    couponCode: text(),
    referralCode: text(),
    /** This customer's own code to refer others (`REF-…`, upper case, unique per courier); made on first use. */
    ownReferralCode: text(),
    /** The customer whose code this one registered with (same courier). */
    referredById: integer().references((): AnyPgColumn => customers.id),
    /** When both sides got the referral reward: set once, on the first fully paid invoice. */
    referralRewardedAt: timestamp({ withTimezone: true }),
    /** Account credit balance in JMD cents: the sum of the ledger (account_credit_entries); never negative. */
    creditCents: integer().notNull().default(0),
    passwordHash: text().notNull(),
    active: boolean().notNull().default(true),
    /** Insure every new package for its declared value (the customer's setting). */
    insureByDefault: boolean().notNull().default(false),
    /** The kinds of notice (MESSAGE_EVENTS) this customer wants no e-mail for; the rest are sent. */
    emailOptOuts: text().array().notNull().default([]),
    /** The kinds of notice this customer wants no push for, on any of their devices. */
    pushOptOuts: text().array().notNull().default([]),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Tokens issued before this moment are refused (set when the password is reset or changed). */
    sessionsValidAfter: timestamp({ withTimezone: true }),
    /** The one session older than sessionsValidAfter that stays valid: the one that changed the password. */
    sessionKeptJti: text(),
    /** Brought across from the courier's old system (customer import), with their mailbox number. */
    importedAt: timestamp({ withTimezone: true }),
    /** When an imported customer was sent the invitation to choose a password. */
    invitedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.email),
    uniqueIndex().on(t.courierId, t.mailboxNumber),
    index().on(t.courierId, t.lastName, t.firstName),
    uniqueIndex().on(t.courierId, t.ownReferralCode),
    index().on(t.courierId, t.referredById),
    // The dashboards' counts read these alone: the active customers (business ones among them), and
    // those who joined in the last months.
    index('customers_courier_active_idx').on(t.courierId, t.accountType).where(sql`${t.active}`),
    index().on(t.courierId, t.createdAt),
    check('customers_credit_not_negative', sql`${t.creditCents} >= 0`),
  ],
);
