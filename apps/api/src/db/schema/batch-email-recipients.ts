import { bigint, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { batchEmails } from './batch-emails';
import { couriers } from './couriers';
import { customers } from './customers';
import { emailOutbox } from './email';

/**
 * One row per recipient of a batch. The unique (batch, customer) pair makes sending idempotent:
 * a second send, or a retry after a crash, cannot enqueue a customer twice.
 */
export const batchEmailRecipients = pgTable(
  'batch_email_recipients',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    batchId: integer()
      .notNull()
      .references(() => batchEmails.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    email: text().notNull(),
    outboxId: bigint({ mode: 'number' }).references(() => emailOutbox.id),
  },
  (t) => [uniqueIndex().on(t.courierId, t.batchId, t.customerId)],
);
