import { sql } from 'drizzle-orm';
import { type AnyPgColumn, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { couriers } from './couriers';
import { users } from './users';

/**
 * A branch's end-of-day count: what the payments say should be there, by method, against what
 * was counted by method (cash in the drawer less the opening float, the card terminal's batch
 * total, transfers and online payments seen in the bank). One per branch and day; a mistake is
 * put right by a correction, a new row pointing at the one it corrects, never by an edit.
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
    /** Null when not counted at the desk (left to the bank reconciliation): then not in the difference. */
    countedBankTransferCents: integer(),
    countedOnlineCents: integer(),
    /** Cash in the drawer when the day began; the counted cash includes it. */
    openingFloatCents: integer().notNull().default(0),
    /** The cash-up this row corrects (the latest correction is the day's figure), and why. */
    correctsId: integer().references((): AnyPgColumn => cashUps.id),
    reason: text(),
    /** Counted (cash less the float, card, transfers, online) minus expected: negative is a shortfall. */
    differenceCents: integer().notNull(),
    notes: text(),
    closedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.branchId, t.businessDate).where(sql`${t.correctsId} is null`),
    index().on(t.courierId, t.businessDate),
  ],
);
