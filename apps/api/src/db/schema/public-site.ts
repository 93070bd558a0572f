import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PublicContent } from '@courier/shared/schemas/public-site';
import { couriers } from './couriers';
import { users } from './users';

/**
 * What a courier's public site says of it: the texts of its "Public site" settings tab,
 * and the origins allowed to embed its sign-in and portal in a frame. One row per courier; a
 * courier without a row shows the defaults.
 */
export const courierPublicContent = pgTable('courier_public_content', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  content: jsonb().$type<PublicContent>(),
  /** https origins (scheme, host and port only) allowed as `frame-ancestors` of its sign-in and portal pages. */
  embedOrigins: jsonb().$type<string[]>().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A host name a courier asked to serve its public site on (`portal.islandship.com`); it resolves
 * the tenant only once the super admin approved it. A host name belongs to one courier at most.
 */
export const courierDomains = pgTable(
  'courier_domains',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    hostname: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.hostname), index().on(t.courierId)],
);
