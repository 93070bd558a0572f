import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { invoices } from './invoices';
import { payments } from './payments';

/** The part of a payment applied to one invoice. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    amountCents: integer().notNull(),
    /** The invoice's balance right after this payment: what its receipt prints, whatever came later. */
    balanceAfterCents: integer(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index().on(t.courierId, t.invoiceId)],
);
