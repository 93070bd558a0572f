import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_SIDE_ROLES } from '@courier/shared/constants/roles';
import { branches } from './branches';
import { couriers } from './couriers';
import { roles } from './roles';

/**
 * Staff-side accounts: super admins (no courier), courier admins, branch managers and staff.
 * E-mail is unique across the platform because the staff and admin logins carry no api key.
 */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    courierId: integer().references(() => couriers.id),
    branchId: integer().references(() => branches.id),
    role: text({ enum: STAFF_SIDE_ROLES }).notNull(),
    roleId: integer().references(() => roles.id),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    username: text(),
    phone: text(),
    avatarUrl: text(),
    passwordHash: text().notNull(),
    active: boolean().notNull().default(true),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Tokens issued before this moment are refused (set when the password is reset or changed). */
    sessionsValidAfter: timestamp({ withTimezone: true }),
    /** The one session older than sessionsValidAfter that stays valid: the one that changed the password. */
    sessionKeptJti: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.email), index().on(t.courierId, t.role)],
);
