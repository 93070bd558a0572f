import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTACT_SUBJECTS } from '@courier/shared/schemas/public';
import { couriers } from './couriers';

/** A message from the public contact form, for the courier's admins to answer. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    name: text().notNull(),
    email: text().notNull(),
    subject: text({ enum: CONTACT_SUBJECTS }).notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.createdAt)],
);
