import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_AUDIENCES, NOTIFICATION_TYPES } from '@courier/shared/schemas/notifications';
import { couriers } from './couriers';
import { users } from './users';

/**
 * The in-app feed of staff and admins. `courierId` null is a platform announcement to every
 * courier; an announcement to chosen couriers is one row per courier.
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
    link: text(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.createdAt)],
);
