import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    passwordHash: text().notNull(),
    active: boolean().notNull().default(true),
    /** Insure every new package for its declared value (the customer's setting). */
    insureByDefault: boolean().notNull().default(false),
    /** The optional e-mails (OPTIONAL_EMAIL_KINDS) this customer switched off; the rest are sent. */
    emailOptOuts: text().array().notNull().default([]),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Tokens issued before this moment are refused (set when the password is reset or changed). */
    sessionsValidAfter: timestamp({ withTimezone: true }),
    /** The one session older than sessionsValidAfter that stays valid: the one that changed the password. */
    sessionKeptJti: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.email),
    uniqueIndex().on(t.courierId, t.mailboxNumber),
    index().on(t.courierId, t.lastName, t.firstName),
  ],
);
