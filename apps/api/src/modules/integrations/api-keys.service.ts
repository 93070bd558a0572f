import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type ApiKeyDto, type ApiScope, type CreatedApiKeyDto, INTEGRATION_MESSAGES } from '@courier/shared/schemas/integrations';
import type { Db } from '../../db/client';
import { apiIdempotencyKeys, apiKeys } from '../../db/schema/api-keys';
import { couriers } from '../../db/schema/couriers';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Keys look like cpk_<43 characters>: the prefix tells a leaked key for what it is in a scanner. */
const KEY_PREFIX = 'cpk_';

type KeyRow = typeof apiKeys.$inferSelect;
const toDto = (k: KeyRow): ApiKeyDto => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export async function listApiKeys(db: Db, courierId: number): Promise<ApiKeyDto[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.courierId, courierId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toDto);
}

/** A new key: the whole key is in this answer only; the table keeps its hash. */
export async function createApiKey(
  db: Db,
  user: AuthUser,
  courierId: number,
  input: { name: string; scopes: ApiScope[] },
): Promise<CreatedApiKeyDto> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)];
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [created] = await tx
      .insert(apiKeys)
      .values({
        courierId,
        name: input.name,
        prefix: key.slice(0, 12),
        keyHash: sha256(key),
        scopes,
        createdBy: user.kind === 'user' ? user.id : null,
      })
      .returning();
    if (!created) throw new Error('API key insert returned nothing');
    await audit(tx, {
      courierId,
      actor: user,
      action: 'api_key.created',
      entity: 'api_key',
      entityId: created.id,
      details: { name: input.name, scopes },
    });
    return created;
  });
  return { ...toDto(row), key };
}

export async function revokeApiKey(db: Db, user: AuthUser, courierId: number, id: number): Promise<ApiKeyDto> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.courierId, courierId)));
    if (!row) throw new AppError('not_found', INTEGRATION_MESSAGES.keyNotFound);
    if (row.revokedAt) return toDto(row);
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id)).returning();
    await audit(tx, { courierId, actor: user, action: 'api_key.revoked', entity: 'api_key', entityId: id, details: { name: row.name } });
    return toDto(revoked ?? row);
  });
}

/** The caller behind an inbound API request: its courier and what its key may do. */
export interface ApiCaller {
  keyId: number;
  courierId: number;
  scopes: ApiScope[];
}

/**
 * The live key with this value, or null (unknown, revoked, or its courier suspended). Marks it
 * used at most once a minute, so a busy key does not write on every call.
 */
export async function authenticateApiKey(db: Db, raw: string): Promise<ApiCaller | null> {
  if (!raw.startsWith(KEY_PREFIX) || raw.length > 100) return null;
  const [row] = await db
    .select({ key: apiKeys, courierStatus: couriers.status })
    .from(apiKeys)
    .innerJoin(couriers, eq(couriers.id, apiKeys.courierId))
    .where(and(eq(apiKeys.keyHash, sha256(raw)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (row.courierStatus !== 'active') return null;
  const now = new Date();
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  }
  return { keyId: row.key.id, courierId: row.key.courierId, scopes: row.key.scopes };
}

/** A claim left by a request that never finished (its process died) is taken over after this. */
export const IDEMPOTENCY_STALE_MS = 5 * 60_000;

export type IdempotencyClaim = { state: 'claimed' } | { state: 'done'; statusCode: number; response: unknown } | { state: 'running' };

/**
 * Claims an Idempotency-Key of this API key in the database (the row is the lock, so replicas
 * agree): the first request claims it and runs; a later one gets the stored answer, or 'running'
 * while the first has not finished; the same key with another body is refused.
 */
export async function claimIdempotent(db: Db, keyId: number, idempotencyKey: string, requestHash: string): Promise<IdempotencyClaim> {
  const [claimed] = await db
    .insert(apiIdempotencyKeys)
    .values({ apiKeyId: keyId, key: idempotencyKey, requestHash })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  if (claimed) return { state: 'claimed' };
  const mine = and(eq(apiIdempotencyKeys.apiKeyId, keyId), eq(apiIdempotencyKeys.key, idempotencyKey));
  const [row] = await db.select().from(apiIdempotencyKeys).where(mine);
  // Released by a failed first request between the two statements: claim again.
  if (!row) return claimIdempotent(db, keyId, idempotencyKey, requestHash);
  if (row.requestHash !== requestHash) throw new AppError('unprocessable', INTEGRATION_MESSAGES.idempotencyConflict);
  if (row.statusCode !== null) return { state: 'done', statusCode: row.statusCode, response: row.response };
  if (Date.now() - row.createdAt.getTime() < IDEMPOTENCY_STALE_MS) return { state: 'running' };
  const [taken] = await db
    .update(apiIdempotencyKeys)
    .set({ createdAt: new Date() })
    .where(and(mine, isNull(apiIdempotencyKeys.statusCode), eq(apiIdempotencyKeys.createdAt, row.createdAt)))
    .returning({ key: apiIdempotencyKeys.key });
  return taken ? { state: 'claimed' } : { state: 'running' };
}

/** Stores the answer of the request that claimed the key. */
export async function completeIdempotent(db: Db, keyId: number, idempotencyKey: string, statusCode: number, response: unknown) {
  await db
    .update(apiIdempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(apiIdempotencyKeys.apiKeyId, keyId), eq(apiIdempotencyKeys.key, idempotencyKey)));
}

/** The claimed request failed: nothing is stored, so a retry with the key runs again. */
export async function releaseIdempotent(db: Db, keyId: number, idempotencyKey: string) {
  await db
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.apiKeyId, keyId), eq(apiIdempotencyKeys.key, idempotencyKey), isNull(apiIdempotencyKeys.statusCode)));
}

export const requestHashOf = (method: string, path: string, body: unknown) => sha256(`${method} ${path} ${JSON.stringify(body ?? null)}`);
