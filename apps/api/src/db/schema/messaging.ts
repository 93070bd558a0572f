import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EventRules, MessageChannel } from '@courier/shared/schemas/messaging';
import { MESSAGE_STATUSES, OUTBOX_CHANNELS } from '@courier/shared/schemas/messaging';
import { couriers } from './couriers';
import { customers } from './customers';

/** A customer's device that allowed push notices: its Web Push subscription (one row per endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    deviceLabel: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.endpoint), index().on(t.customerId)],
);

/** A courier's messaging provider, built to Twilio's Messages API (the simulator speaks it too). */
export const messagingProviders = pgTable('messaging_providers', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  baseUrl: text().notNull(),
  accountSid: text().notNull(),
  /** Sealed with the platform's SecretBox; never sent back to a screen. */
  authTokenSealed: text().notNull(),
  smsFrom: text(),
  whatsappFrom: text(),
  /** Which events go out on which channel, with the courier's template. */
  events: jsonb().$type<EventRules>().notNull().default({}),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A customer's mobile number: confirmed by a code sent by SMS, their channels per event, and STOP. */
export const customerPhones = pgTable(
  'customer_phones',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    phone: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    codeHash: text(),
    codeExpiresAt: timestamp({ withTimezone: true }),
    codeAttempts: integer().notNull().default(0),
    /** Replied STOP: nothing more goes to this number until they confirm it again. */
    optedOutAt: timestamp({ withTimezone: true }),
    channels: jsonb().$type<Partial<Record<string, MessageChannel[]>>>().notNull().default({}),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.phone)],
);

/** Every push, SMS and WhatsApp message: queued with the event, sent once, then its delivery status. */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    channel: text({ enum: OUTBOX_CHANNELS }).notNull(),
    event: text().notNull(),
    /** The phone number (E.164) or, for push, the device's endpoint. */
    toAddress: text().notNull(),
    subscriptionId: integer().references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    title: text().notNull().default(''),
    body: text().notNull(),
    link: text(),
    /** A code message: its body is blanked once sent. */
    sensitive: boolean().notNull().default(false),
    /** Went to the simulator, not a real provider. */
    test: boolean().notNull().default(false),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default('pending'),
    providerSid: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    statusAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.id), index().on(t.courierId, t.createdAt), index().on(t.providerSid)],
);
