import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { CARRIER_TAGS } from '@courier/shared/schemas/carrier-tracking';
import { couriers } from './couriers';
import { preAlerts } from './pre-alerts';

/** A courier's account at the tracking aggregator (AfterShip's protocol; the simulator in test mode). */
export const carrierTrackingAccounts = pgTable('carrier_tracking_accounts', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  baseUrl: text().notNull(),
  /** Both sealed with the platform's SecretBox; never sent back to a screen. */
  apiKeySealed: text().notNull(),
  webhookSecretSealed: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One pre-alert's tracking number followed at the aggregator. Queued when the pre-alert is made,
 * registered (POST /trackings) by the tracking job, then moved by the aggregator's webhooks.
 */
export const carrierTrackings = pgTable(
  'carrier_trackings',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    preAlertId: integer()
      .notNull()
      .references(() => preAlerts.id),
    trackingNumber: text().notNull(),
    slug: text(),
    /** The aggregator's id of the tracking, once registered: what its webhooks name. */
    externalId: text(),
    tag: text({ enum: CARRIER_TAGS }).notNull().default('Pending'),
    test: boolean().notNull().default(false),
    registeredAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    alertedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.courierId, t.preAlertId),
    index().on(t.courierId, t.externalId),
    index('carrier_trackings_due').on(t.nextAttemptAt).where(sql`${t.registeredAt} is null`),
    index('carrier_trackings_delivered').on(t.deliveredAt).where(sql`${t.alertedAt} is null and ${t.deliveredAt} is not null`),
  ],
);

/** One checkpoint of the carrier, once however often the aggregator sends it. */
export const carrierTrackingEvents = pgTable(
  'carrier_tracking_events',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    trackingId: integer()
      .notNull()
      .references(() => carrierTrackings.id, { onDelete: 'cascade' }),
    tag: text({ enum: CARRIER_TAGS }).notNull(),
    message: text().notNull(),
    location: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carrier_tracking_events_once').on(t.trackingId, t.occurredAt, t.tag, t.message)],
);
