import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import type { Role } from '@courier/shared/constants/roles';
import { hasPermission } from '@courier/shared/domain/permissions';
import { API_MESSAGES } from '@courier/shared/messages';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';
import { revokedTokens } from '../db/schema/auth-tokens';
import { customers } from '../db/schema/customers';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { AppError } from '../lib/errors';
import { type AccountKind, type TokenService, parseSubject, sessionEnded } from '../lib/tokens';

/** The signed-in caller, as every route and service sees it. */
export interface AuthUser {
  id: number;
  kind: AccountKind;
  role: Role;
  /** null only for the super admin. */
  courierId: number | null;
  branchId: number | null;
  permissions: string[];
  jti: string;
  exp: number;
  /** Set when this session came from an impersonation token. */
  impersonatorId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a token. Every other /api route answers 401 without one. */
    public?: boolean;
    /** A list's CSV columns when its export has more fields than its page (lib/list-csv.ts). */
    exportItem?: { shape: Record<string, unknown> };
  }
}

/** Courier admins and general admins hold every permission inside their own courier. */
const COURIER_WIDE_ROLES: ReadonlySet<string> = new Set(['courier_admin', 'admin']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The two queries every signed-in request runs, prepared once per app: Drizzle builds their SQL
 * once instead of on each call, and PostgreSQL keeps their plans per connection. The revocation
 * check rides along in the account's query, so a session costs one round trip, not two.
 */
function prepareSessionQueries(db: Db) {
  const revoked = sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`;
  const customer = db
    .select({
      id: customers.id,
      courierId: customers.courierId,
      branchId: customers.branchId,
      active: customers.active,
      sessionsValidAfter: customers.sessionsValidAfter,
      sessionKeptJti: customers.sessionKeptJti,
      courierStatus: couriers.status,
      revoked,
    })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .where(eq(customers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_customer');
  const user = db
    .select({
      id: users.id,
      role: users.role,
      courierId: users.courierId,
      branchId: users.branchId,
      active: users.active,
      sessionsValidAfter: users.sessionsValidAfter,
      sessionKeptJti: users.sessionKeptJti,
      rolePermissions: roles.permissions,
      courierStatus: couriers.status,
      revoked,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.courierId, users.courierId)))
    .leftJoin(couriers, eq(couriers.id, users.courierId))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_user');
  return { customer, user };
}
type SessionQueries = ReturnType<typeof prepareSessionQueries>;

/** Resolves a token to the live account; null when the token, the account or its courier is not valid. */
async function resolveUser(queries: SessionQueries, tokens: TokenService, token: string): Promise<AuthUser | null> {
  const claims = tokens.verify(token);
  if (claims?.type !== 'access') return null;
  const subject = parseSubject(claims.sub);
  if (!subject) return null;
  const params = { id: subject.id, jti: claims.jti };
  const base = { jti: claims.jti, exp: claims.exp, impersonatorId: claims.impersonatorId };

  if (subject.kind === 'customer') {
    const [row] = await queries.customer.execute(params);
    if (!row?.active || row.revoked || row.courierStatus !== 'active' || sessionEnded(claims, row)) return null;
    return { ...base, id: row.id, kind: 'customer', role: 'customer', courierId: row.courierId, branchId: row.branchId, permissions: [] };
  }

  const [row] = await queries.user.execute(params);
  if (!row?.active || row.revoked || sessionEnded(claims, row)) return null;
  if (row.role !== 'super_admin' && row.courierStatus !== 'active') return null;
  const permissions = row.role === 'super_admin' || COURIER_WIDE_ROLES.has(row.role) ? [...ALL_PERMISSIONS] : (row.rolePermissions ?? []);
  return { ...base, id: row.id, kind: 'user', role: row.role, courierId: row.courierId, branchId: row.branchId, permissions };
}

/**
 * Reads the bearer token of every /api request. Routes are private unless their config says
 * `public: true`; on a public route a valid token still identifies the caller.
 */
export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.decorateRequest('user', null);
  const sessionQueries = prepareSessionQueries(db);
  // Access guards listed as preHandler run before validation instead: a caller without the right
  // gets 403 whatever the body, and learns nothing of the schema from a 400 (security suite).
  app.addHook('onRoute', (route) => {
    const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
    const guards = handlers.filter((hook) => ACCESS_GUARDS.has(hook as AccessGuard));
    if (guards.length === 0) return;
    route.preHandler = handlers.filter((hook) => !ACCESS_GUARDS.has(hook as AccessGuard));
    route.preValidation = [...(route.preValidation === undefined ? [] : [route.preValidation].flat()), ...guards];
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    // The inbound API answers to API keys, not sessions: its routes check the key themselves.
    if (request.url.startsWith('/api/v1/')) return;
    const isPublic = request.routeOptions.config?.public === true;
    const token = bearerToken(request);
    if (token) request.user = await resolveUser(sessionQueries, tokens, token);
    if (isPublic || request.is404) return;
    if (!token) throw new AppError('unauthenticated', API_MESSAGES.unauthenticated);
    if (!request.user) throw new AppError('unauthenticated', API_MESSAGES.invalidToken);
  });
}

/** The caller, known to be signed in (the onRequest hook has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated', API_MESSAGES.unauthenticated);
  return request.user;
}

type AccessGuard = preHandlerAsyncHookHandler;
const ACCESS_GUARDS = new WeakSet<AccessGuard>();

/**
 * Marks a hook that decides from the caller alone (never from params or body), so registerAuth
 * runs it before validation.
 */
export function accessGuard(guard: AccessGuard): AccessGuard {
  ACCESS_GUARDS.add(guard);
  return guard;
}

export function requireRole(...allowed: Role[]): preHandlerAsyncHookHandler {
  return accessGuard(async (request) => {
    const user = currentUser(request);
    if (!allowed.includes(user.role)) throw new AppError('forbidden', API_MESSAGES.forbidden);
  });
}

/** Customers act on their own records (the service keeps them there); staff-side callers need the permission. */
export function customerOrPermission(permission: string): preHandlerAsyncHookHandler {
  return accessGuard(async (request) => {
    const user = currentUser(request);
    if (user.kind === 'customer') return;
    if (!hasPermission(user, permission)) throw new AppError('forbidden', API_MESSAGES.forbidden);
  });
}

/** Who reads a courier's settings whole (bank details, US addresses, contact): the super admin and settings_view. */
export const canReadCourierSettings = (user: AuthUser) => user.kind === 'user' && hasPermission(user, 'settings_view');

/** The courier's US agent by its role, or staff-side callers holding the permission (the manifests it ships on). */
export function agentOrPermission(...anyOf: string[]): preHandlerAsyncHookHandler {
  return accessGuard(async (request) => {
    const user = currentUser(request);
    if (user.kind === 'user' && user.role === 'agent' && user.courierId !== null) return;
    if (user.kind !== 'user' || !anyOf.some((p) => hasPermission(user, p))) throw new AppError('forbidden', API_MESSAGES.forbidden);
  });
}

/** Staff-side callers need the permission; customers never pass. */
export function requirePermission(...anyOf: string[]): preHandlerAsyncHookHandler {
  return accessGuard(async (request) => {
    const user = currentUser(request);
    if (user.kind !== 'user' || !anyOf.some((p) => hasPermission(user, p))) {
      throw new AppError('forbidden', API_MESSAGES.forbidden);
    }
  });
}
