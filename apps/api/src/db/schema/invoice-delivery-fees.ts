import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { deliveryRequests } from './delivery-requests';
import { invoices } from './invoices';

/**
 * The invoice that carries a delivery request's fee (charged once). No row until charged, or again
 * when the fee came off; a row naming a void invoice counts as uncharged. Invoices' own record:
 * the request itself is the deliveries module's.
 */
export const invoiceDeliveryFees = pgTable(
  'invoice_delivery_fees',
  {
    deliveryRequestId: integer()
      .primaryKey()
      .references(() => deliveryRequests.id, { onDelete: 'cascade' }),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.invoiceId)],
);
