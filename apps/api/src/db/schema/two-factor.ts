import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Two-step sign-in of one account (a staff-side user or a customer): the authenticator app's
 * secret sealed with the SecretBox. A row without `enabledAt` is a set-up not yet confirmed.
 */
export const twoFactorSecrets = pgTable(
  'two_factor_secrets',
  {
    id: serial().primaryKey(),
    accountKind: text({ enum: ['user', 'customer'] }).notNull(),
    accountId: integer().notNull(),
    secretSealed: text().notNull(),
    enabledAt: timestamp({ withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code works once. */
    lastUsedStep: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.accountKind, t.accountId)],
);

/** One-time recovery codes, stored as an HMAC with the server's secret; a used code keeps its row with `usedAt`. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial().primaryKey(),
    accountKind: text({ enum: ['user', 'customer'] }).notNull(),
    accountId: integer().notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.accountKind, t.accountId)],
);
