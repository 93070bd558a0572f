import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Password reset tokens: only the SHA-256 of the random token is kept, so a database leak does not
 * hand out working links. Valid 60 minutes, used once (`usedAt`).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tokenHash: text().notNull().unique(),
    accountKind: text({ enum: ['user', 'customer'] }).notNull(),
    accountId: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountKind, t.accountId)],
);
