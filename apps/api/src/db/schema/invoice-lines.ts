import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { CHARGE_LINE_KINDS } from '@courier/shared/constants/billing';
import { couriers } from './couriers';
import { feeVersions } from './fees';
import { invoices } from './invoices';
import { packages } from './packages';

/** One charge of an invoice, as `computeCharges` produced it; a discount is negative. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text({ enum: CHARGE_LINE_KINDS }).notNull(),
    description: text().notNull(),
    /** The package the line is for; null for invoice-wide lines (discount, GCT, delivery). */
    packageId: integer().references(() => packages.id),
    amountCents: integer().notNull(),
    /** The fee version that made the line (null for freight, duty and delivery). */
    feeVersionId: integer().references(() => feeVersions.id),
  },
  // By package: storage accrual, fees already charged and release look lines up by parcel.
  (t) => [index().on(t.courierId, t.invoiceId), index().on(t.courierId, t.packageId)],
);
