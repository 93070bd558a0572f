import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { tickets } from './tickets';

/**
 * One row per reader and ticket with a message that reader has not seen: written when the other
 * side posts, deleted when the reader opens the ticket. The bell's count is then an index range
 * over the reader's own rows, whose cost does not grow with the courier's ticket count.
 * `ticket_reads` keeps the markers themselves (when and up to which message).
 */
export const ticketUnread = pgTable(
  'ticket_unread',
  {
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    readerKind: text({ enum: ['user', 'customer'] }).notNull(),
    readerId: integer().notNull(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    since: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courierId, t.readerKind, t.readerId, t.ticketId] })],
);
