import { bigint, pgTable, primaryKey, integer, timestamp } from 'drizzle-orm/pg-core';
import { notifications } from './notifications';
import { users } from './users';

/** Which staff-side user has read which notification. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    notificationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);
