import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { tickets } from './tickets';

/**
 * How far one reader has read one ticket. Each staff member and the customer have their own
 * marker, so one admin opening a ticket does not clear it from another's bell.
 */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    readerKind: text({ enum: ['user', 'customer'] }).notNull(),
    readerId: integer().notNull(),
    lastReadAt: timestamp({ withTimezone: true }).notNull(),
    lastReadMessageId: integer(),
  },
  // The second: the other side's markers of one ticket ("Seen").
  (t) => [
    uniqueIndex().on(t.courierId, t.readerKind, t.readerId, t.ticketId),
    index('ticket_reads_ticket_reader_kind').on(t.ticketId, t.readerKind),
  ],
);
