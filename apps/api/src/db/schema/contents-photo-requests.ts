import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTENTS_PHOTO_STATUSES } from '@courier/shared/schemas/contents-photos';
import { couriers } from './couriers';
import { customers } from './customers';
import { feeVersions } from './fees';
import { packages } from './packages';
import { users } from './users';

/**
 * A customer's request for a photo of their parcel's contents: open until staff take the photos
 * (done) or the customer cancels (free). The fee is fixed when asked (the price they confirmed);
 * the package's invoice carries it once done. One live request (open or done) per package.
 */
export const contentsPhotoRequests = pgTable(
  'contents_photo_requests',
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
    status: text({ enum: CONTENTS_PHOTO_STATUSES }).notNull().default('open'),
    feeCents: integer().notNull(),
    /** The fee's name when asked: the invoice line says it. */
    feeName: text().notNull(),
    /** The fee engine's version that priced it; null at the default price. */
    feeVersionId: integer().references(() => feeVersions.id),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
    doneBy: integer().references(() => users.id),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.courierId, t.status),
    uniqueIndex('contents_photo_requests_live_package').on(t.packageId).where(sql`${t.status} <> 'cancelled'`),
  ],
);
