import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { couriers } from './couriers';
import { users } from './users';

/**
 * A branch's end-of-day count: what the payments say should be there, by method, against what
 * was counted (cash in the drawer, the card terminal's batch total). One per branch and day.
 */
export const cashUps = pgTable(
  'cash_ups',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    businessDate: date({ mode: 'string' }).notNull(),
    expectedCashCents: integer().notNull(),
    expectedCardCents: integer().notNull(),
    expectedBankTransferCents: integer().notNull(),
    expectedOnlineCents: integer().notNull(),
    countedCashCents: integer().notNull(),
    countedCardCents: integer().notNull(),
    /** (counted cash + counted card) - (expected cash + expected card): negative is a shortfall. */
    differenceCents: integer().notNull(),
    notes: text(),
    closedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.courierId, t.branchId, t.businessDate), index().on(t.courierId, t.businessDate)],
);
