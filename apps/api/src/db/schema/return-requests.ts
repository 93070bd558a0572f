import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEAVING_KINDS } from '@courier/shared/domain/package-status';
import { RETURN_REQUEST_STATUSES } from '@courier/shared/schemas/return-requests';
import { couriers } from './couriers';
import { customers } from './customers';
import { feeVersions } from './fees';
import { invoices } from './invoices';
import { packages } from './packages';
import { users } from './users';

/**
 * A customer's request that a parcel be returned to the sender or discarded: open until staff
 * record it done (with the return's tracking number) or the customer cancels (free). The fee is
 * fixed when asked, the price they confirmed, and invoiced once when done. One live request per package.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    kind: text({ enum: LEAVING_KINDS }).notNull(),
    status: text({ enum: RETURN_REQUEST_STATUSES }).notNull().default('open'),
    feeCents: integer().notNull(),
    feeName: text().notNull(),
    feeVersionId: integer().references(() => feeVersions.id),
    /** The customer's words for staff (e.g. the merchant's return authorisation). */
    note: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
    doneBy: integer().references(() => users.id),
    returnTrackingNumber: text(),
    staffNote: text(),
    /** The invoice the fee went on. */
    invoiceId: integer().references(() => invoices.id),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.courierId, t.status),
    uniqueIndex('return_requests_live_package').on(t.packageId).where(sql`${t.status} <> 'cancelled'`),
  ],
);
