import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { couriers } from './couriers';
import { users } from './users';

/**
 * Invitations to set up a courier on the platform. As with password reset tokens only
 * the SHA-256 of the link's token is kept. Valid 7 days, used once (`usedAt`, `courierId` the
 * courier it created), revocable by the super admin (`revokedAt`).
 */
export const courierInvitations = pgTable(
  'courier_invitations',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    courierId: integer().references(() => couriers.id),
    invitedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.email)],
);
