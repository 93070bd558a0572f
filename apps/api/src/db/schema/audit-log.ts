import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';

/** Who changed what: settings, rates, fees, roles, invoices, payments, every impersonation. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    courierId: integer().references(() => couriers.id),
    actorType: text({ enum: ['user', 'customer', 'system'] }).notNull(),
    actorId: integer(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.courierId, t.createdAt)],
);
