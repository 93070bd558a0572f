import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/**
 * What happened (a payment recorded, a package received), written in the transaction of the change
 * itself: rolled back with it, kept with it. Its subscribers run in that same transaction.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    type: text().notNull(),
    data: jsonb().$type<unknown>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The hourly prune finds old events of every courier by age alone.
  (t) => [index().on(t.courierId, t.type, t.createdAt), index().on(t.createdAt)],
);

/** One row per subscriber that has handled an event: a second delivery of it runs nobody twice. */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    eventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text().notNull(),
    handledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
