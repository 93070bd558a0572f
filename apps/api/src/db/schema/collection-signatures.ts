import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { authorisedPeople } from './authorised-people';
import { couriers } from './couriers';
import { invoices } from './invoices';
import { users } from './users';

/**
 * Proof of collection: the collector's name and signature (a PNG, base64, checked by its magic
 * bytes before it is stored), taken at the counter for an invoice's packages.
 */
export const collectionSignatures = pgTable(
  'collection_signatures',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    collectorName: text().notNull(),
    /** One of the customer's authorised people collected: who, and the ID the clerk checked. */
    authorisedPersonId: integer().references(() => authorisedPeople.id),
    collectorIdType: text(),
    collectorIdNumber: text(),
    signaturePngBase64: text().notNull(),
    /** A manager let an invoice with a balance be collected. */
    unpaidOverride: boolean().notNull().default(false),
    signedBy: integer().references(() => users.id),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.invoiceId)],
);
