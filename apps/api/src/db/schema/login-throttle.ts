import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins per account, whichever of the four login pages they came through
 * (docs/decisions/009-login-throttling.md). The key is a hash of the lower-cased e-mail, so an
 * address nobody owns is counted the same as a real one and the table holds no addresses.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    accountKey: text().primaryKey(),
    failures: integer().notNull().default(0),
    lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Sign-ins from devices not known for this account wait until then (429 + Retry-After). */
    delayedUntil: timestamp({ withTimezone: true }),
    /** When the owner was last told their account is under attack (at most once per window). */
    alertedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.lastFailureAt)],
);

/** Where an account has signed in successfully before: an HMAC of the IP, never the IP itself. */
export const loginKnownIps = pgTable(
  'login_known_ips',
  {
    accountKey: text().notNull(),
    ipHash: text().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.ipHash] }), index().on(t.lastSeenAt)],
);
