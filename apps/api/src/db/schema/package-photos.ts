import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { packages } from './packages';
import { users } from './users';

/**
 * A photo of a parcel taken at check-in (or later by staff). The upload is re-encoded on the
 * server (JPEG, long side at most 1600 px) with a 320 px thumbnail; both live in the private
 * `package-photos` folder under random names and are served only through the package's guarded
 * routes (its courier's staff, its customer).
 */
export const packagePhotos = pgTable(
  'package_photos',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
    /** Storage names of the resized photo and its thumbnail. */
    name: text().notNull(),
    thumbName: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    takenBy: integer().references(() => users.id),
    /** A photo of the parcel (check-in), or of its contents, asked for by the customer. */
    kind: text({ enum: ['parcel', 'contents'] })
      .notNull()
      .default('parcel'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.packageId, t.createdAt)],
);
