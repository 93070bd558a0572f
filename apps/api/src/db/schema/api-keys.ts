import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@courier/shared/schemas/integrations';
import { couriers } from './couriers';
import { users } from './users';

/**
 * A courier's key for its agents and systems on the inbound API (/api/v1). Only a SHA-256 of the
 * key is kept (it is 32 random bytes, so no slow hash is needed); the admin sees it once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    courierId: integer()
      .notNull()
      .references(() => couriers.id),
    name: text().notNull(),
    /** The key's first characters, shown in the list so the admin can tell keys apart. */
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    scopes: jsonb().$type<ApiScope[]>().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.courierId, t.createdAt)],
);

/**
 * The answer given to a request with an Idempotency-Key, per API key: the same key and body get
 * the same answer again; the same key with another body is refused. The row is claimed before the
 * request runs (status and response empty until it ends), so two requests at once run it once.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: integer()
      .notNull()
      .references(() => apiKeys.id),
    key: text().notNull(),
    /** SHA-256 of the method, path and body. */
    requestHash: text().notNull(),
    /** Null while the first request with the key runs. */
    statusCode: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);
