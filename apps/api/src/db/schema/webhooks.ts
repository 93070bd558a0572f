import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { WebhookEvent } from '@courier/shared/schemas/integrations';
import { couriers } from './couriers';

/** Where a courier's other systems hear about its packages, invoices and payments. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    url: text().notNull(),
    events: jsonb().$type<WebhookEvent[]>().notNull(),
    /** The signing secret, sealed (lib/secret-box.ts): deliveries are signed with it. */
    secretSealed: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.courierId)],
);

/**
 * The webhook outbox: one row per event per endpoint, written in the transaction of the change it
 * announces, sent and retried with back-off by the webhook job.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id),
    event: text().notNull(),
    /** The JSON body exactly as sent (and signed). */
    body: text().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer(),
    responseExcerpt: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.courierId, t.endpointId, t.createdAt)],
);
