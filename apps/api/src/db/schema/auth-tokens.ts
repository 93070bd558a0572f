import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Tokens revoked before their expiry (logout, used impersonation tokens), by `jti`. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);
