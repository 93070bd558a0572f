import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { BATCH_AUDIENCES, BATCH_STATUSES } from '@courier/shared/schemas/emails';
import { branches } from './branches';
import { couriers } from './couriers';
import { users } from './users';

/**
 * A batch e-mail to a courier's customers. The per-recipient mails live in `email_outbox`
 * (grouped by `batchId`) and `batch_email_recipients`; their statuses give the progress.
 */
export const batchEmails = pgTable(
  'batch_emails',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    subject: text().notNull(),
    /** May hold `{firstName}` and `{mailbox}`, filled in per recipient. */
    body: text().notNull(),
    audience: text({ enum: BATCH_AUDIENCES }).notNull(),
    audienceBranchId: integer().references(() => branches.id),
    audienceAccountType: text({ enum: ['individual', 'business'] }),
    status: text({ enum: BATCH_STATUSES }).notNull().default('draft'),
    recipientCount: integer().notNull().default(0),
    createdBy: integer().references(() => users.id),
    queuedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.createdAt)],
);
