import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@courier/shared/schemas/auth';
import { normaliseOrigin } from '@courier/shared/schemas/public-site-settings';
import type { AppContext } from '../../context';
import { revokedTokens } from '../../db/schema/auth-tokens';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { AppError } from '../../lib/errors';
import { consumeToken, parseSubject, sessionEnded, subjectOf } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { embedOrigins } from '../../lib/embed-origins';
import { issueAccessToken } from './auth.service';

/** A hand-off code lives one minute and works once: long enough to open a tab, too short to be worth keeping. */
export const HANDOFF_TTL_SECONDS = 60;

/**
 * A signed-in customer whose browser refuses the framed portal its storage asks to open the
 * portal in a tab of its own: a single-use code for the same customer, carried in the new tab's
 * URL fragment (never sent to a server in a URL, never a session token).
 */
export async function issueHandoffCode(ctx: AppContext, caller: AuthUser) {
  if (caller.kind !== 'customer' || caller.courierId === null) throw new AppError('forbidden', AUTH_MESSAGES.handoffInvalid);
  const { token, exp } = await ctx.tokens.sign(
    {
      sub: subjectOf('customer', caller.id),
      role: 'customer',
      type: 'handoff',
      courierId: caller.courierId,
      sessionExp: caller.exp,
      parentJti: caller.jti,
    },
    Math.min(HANDOFF_TTL_SECONDS, caller.exp - Date.now() / 1000),
  );
  return { code: token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The new tab's exchange: the code, used once while the session that asked for it lives, becomes a session of its own. */
export async function redeemHandoffCode(ctx: AppContext, code: string) {
  const invalid = () => new AppError('unauthenticated', AUTH_MESSAGES.handoffInvalid);
  const claims = ctx.tokens.verify(code);
  if (claims?.type !== 'handoff' || !claims.parentJti || !claims.sessionExp) throw invalid();
  const subject = parseSubject(claims.sub);
  if (subject?.kind !== 'customer') throw invalid();
  if (!(await consumeToken(ctx.db, claims.jti, claims.exp))) throw invalid();
  const [row] = await ctx.db
    .select({
      id: customers.id,
      courierId: customers.courierId,
      active: customers.active,
      courierStatus: couriers.status,
      sessionsValidAfter: customers.sessionsValidAfter,
      sessionKeptJti: customers.sessionKeptJti,
      parentRevoked: revokedTokens.jti,
    })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .leftJoin(revokedTokens, eq(revokedTokens.jti, claims.parentJti))
    .where(and(eq(customers.id, subject.id), eq(customers.courierId, claims.courierId ?? -1)))
    .limit(1);
  if (!row?.active || row.courierStatus !== 'active' || row.parentRevoked !== null || sessionEnded(claims, row)) throw invalid();
  const token = await issueAccessToken(
    ctx,
    { kind: 'customer', id: row.id, role: 'customer', courierId: row.courierId },
    { ttlSeconds: Math.max(1, claims.sessionExp - Date.now() / 1000) },
  );
  return { token };
}

/**
 * Whether a frame whose ancestors are `origins` may show this customer's portal: only the origins
 * the customer's own courier allowed (our own origin is left out by the page), and only on a page
 * opened for that courier (`apiKey`, when the page has one). The page's api key decides the HTML's
 * frame-ancestors; this decides the signed-in portal, so another courier's allowed website never
 * shows this courier's customers.
 */
export async function framePermission(ctx: AppContext, caller: AuthUser, origins: string, apiKey?: string) {
  if (caller.kind !== 'customer' || caller.courierId === null) return { allowed: false };
  if (apiKey) {
    const [tenant] = await ctx.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.apiKey, apiKey)).limit(1);
    if (tenant?.id !== caller.courierId) return { allowed: false };
  }
  const asked = origins.split(',').filter(Boolean);
  if (asked.length === 0 || asked.length > 10) return { allowed: false };
  const allowed = new Set(await embedOrigins(ctx.db, caller.courierId));
  return { allowed: asked.every((origin) => allowed.has(normaliseOrigin(origin) ?? '')) };
}
