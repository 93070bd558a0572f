import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '@courier/shared/constants/billing';
import { branches } from './branches';
import { couriers } from './couriers';
import { customers } from './customers';
import { users } from './users';

/** Money received from a customer; spread over one or more invoices by its allocations. */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    /** Receipt number, `RCT-000001` per courier. */
    receiptNo: text().notNull(),
    amountCents: integer().notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    reference: text(),
    /** Cash handed over at the counter, and the change given back (cash payments only). */
    tenderedCents: integer(),
    changeCents: integer(),
    notes: text(),
    /** A test-mode card payment: no money was taken; it says TEST wherever it shows. */
    test: boolean().notNull().default(false),
    takenBy: integer().references(() => users.id),
    branchId: integer().references(() => branches.id),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.receiptNo),
    index().on(t.courierId, t.paidAt),
    index().on(t.courierId, t.customerId, t.paidAt),
    index().on(t.courierId, t.branchId, t.paidAt),
  ],
);
