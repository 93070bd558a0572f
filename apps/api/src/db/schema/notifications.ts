import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_AUDIENCES, NOTIFICATION_TARGET_KINDS, NOTIFICATION_TYPES } from '@courier/shared/schemas/notifications';
import { couriers } from './couriers';
import { customers } from './customers';
import { users } from './users';

/**
 * The in-app feed of staff, admins and customers. `courierId` null is a platform announcement to
 * every courier; an announcement to chosen couriers is one row per courier. A row with
 * `customerId` (audience `customer`) is that one customer's, and `readAt` is their read mark
 * (staff reads are per person in notification_reads).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer().references(() => couriers.id),
    audience: text({ enum: NOTIFICATION_AUDIENCES }).notNull().default('staff'),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** Older rows: a path below the reader's portal. New rows name their target instead. */
    link: text(),
    targetKind: text({ enum: NOTIFICATION_TARGET_KINDS }),
    targetRef: text(),
    customerId: integer().references(() => customers.id),
    readAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.createdAt), index().on(t.customerId, t.createdAt)],
);
