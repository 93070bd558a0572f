import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { users } from './users';

/** A staff member's shift: clocked in, and out once done. At most one open shift per person. */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    clockIn: timestamp({ withTimezone: true }).notNull(),
    clockOut: timestamp({ withTimezone: true }),
    note: text(),
  },
  (t) => [
    index().on(t.courierId, t.userId, t.clockIn),
    index().on(t.courierId, t.clockIn),
    uniqueIndex('time_entries_one_open_per_user').on(t.userId).where(sql`${t.clockOut} is null`),
  ],
);
