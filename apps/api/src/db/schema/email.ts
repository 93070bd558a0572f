import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/** A courier's own SMTP settings. The password is stored encrypted, never returned. */
export const courierEmailConfigs = pgTable('courier_email_configs', {
  courierId: integer()
    .primaryKey()
    .references(() => couriers.id),
  smtpHost: text().notNull(),
  smtpPort: integer().notNull(),
  smtpUser: text().notNull(),
  smtpPasswordEncrypted: text().notNull(),
  smtpSecure: boolean().notNull().default(false),
  fromEmail: text().notNull(),
  fromName: text().notNull(),
  status: text({ enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mail goes through this table first, so a send failure or a restart never loses one.
 * The worker claims rows with FOR UPDATE SKIP LOCKED.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer().references(() => couriers.id),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    /** Null when made at sending (see `layout`). */
    htmlBody: text(),
    /**
     * The HTML part is made when the mail is sent, in the courier's layout, with this button (null
     * for none): bulk notices are not laid out inside the transaction that queues them. Null when
     * `htmlBody` holds the HTML already.
     */
    layout: jsonb().$type<{ button: { label: string; url: string } | null }>(),
    /** Files sent with the mail (a monthly statement's PDF), base64; null for none. */
    attachments: jsonb().$type<Array<{ filename: string; contentType: string; contentBase64: string }>>(),
    /**
     * Carries a secret (a password reset link, a sign-in or invitation token): the body is
     * blanked once the mail is sent or given up, keeping recipient, subject and status.
     */
    sensitive: boolean().notNull().default(false),
    /** Groups the mails of one batch e-mail; null for single messages. */
    batchId: integer(),
    status: text({ enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sendAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.sendAfter), index().on(t.courierId, t.createdAt), index().on(t.batchId)],
);
