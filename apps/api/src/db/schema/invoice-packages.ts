import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { invoices } from './invoices';
import { packages } from './packages';

/**
 * The packages an invoice covers. A voided invoice keeps its links for the record; a package has
 * at most one invoice that is not void (the service checks it).
 */
export const invoicePackages = pgTable(
  'invoice_packages',
  {
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
    /** The duty customs actually assessed (JMD cents), replacing the computed one; null = computed. */
    customsAssessedCents: integer(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.packageId] }), index().on(t.courierId, t.packageId)],
);
