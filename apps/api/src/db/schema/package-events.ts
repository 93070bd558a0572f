import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PACKAGE_STATUSES } from '@courier/shared/constants/packages';
import { branches } from './branches';
import { couriers } from './couriers';
import { packages } from './packages';
import { users } from './users';

/** One line of a package's timeline: every status change writes one. */
export const packageEvents = pgTable(
  'package_events',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    packageId: integer()
      .notNull()
      .references(() => packages.id),
    status: text({ enum: PACKAGE_STATUSES }).notNull(),
    fromStatus: text({ enum: PACKAGE_STATUSES }),
    userId: integer().references(() => users.id),
    branchId: integer().references(() => branches.id),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.packageId, t.createdAt)],
);
