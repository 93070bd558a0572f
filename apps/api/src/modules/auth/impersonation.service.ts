import { eq } from 'drizzle-orm';
import { AUTH_API_MESSAGES, AUTH_MESSAGES } from '@courier/shared/schemas/auth';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { consumeToken, parseSubject, subjectOf } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { activeCourierById, issueAccessToken, staffProfile } from './auth.service';
import { courierLink } from '../../lib/courier-links';

export const IMPERSONATION_TOKEN_TTL_SECONDS = 5 * 60;
/** An impersonated session is short on purpose: it is support work, not a second account. */
export const IMPERSONATED_SESSION_TTL_SECONDS = 60 * 60;

const IMPERSONABLE_ROLES: ReadonlySet<string> = new Set(['courier_admin', 'admin']);

/** The super admin asks to open a courier admin's portal: a 5-minute, single-use token. */
export async function issueImpersonationToken(ctx: AppContext, caller: AuthUser, userId: number) {
  const [target] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw new AppError('not_found', AUTH_API_MESSAGES.userNotFound);
  if (!IMPERSONABLE_ROLES.has(target.role) || target.courierId === null) {
    throw new AppError('bad_request', AUTH_API_MESSAGES.impersonationTargetInvalid);
  }
  if (!target.active) throw new AppError('bad_request', AUTH_API_MESSAGES.accountInactive);
  await activeCourierById(ctx.db, target.courierId);
  const { token, exp } = await ctx.tokens.sign(
    { sub: subjectOf('user', target.id), role: target.role, type: 'impersonation', courierId: target.courierId, impersonatorId: caller.id },
    IMPERSONATION_TOKEN_TTL_SECONDS,
  );
  await audit(ctx.db, {
    courierId: target.courierId,
    actor: caller,
    action: 'impersonation.issued',
    entity: 'user',
    entityId: target.id,
    details: { impersonatorId: caller.id, targetUserId: target.id, targetEmail: target.email },
  });
  return {
    token,
    expiresAt: new Date(exp * 1000).toISOString(),
    url: await courierLink(ctx.db, ctx.config, target.courierId, `/admin/login?token=${encodeURIComponent(token)}`),
  };
}

/** /admin/login?token=...: the impersonation token, used once, becomes a session of the courier admin. */
export async function exchangeImpersonationToken(ctx: AppContext, token: string) {
  const invalid = () => new AppError('unauthenticated', AUTH_MESSAGES.impersonationInvalid);
  const claims = ctx.tokens.verify(token);
  if (!claims) throw invalid();
  if (claims.type !== 'impersonation') throw new AppError('unauthenticated', AUTH_MESSAGES.invalidTokenType);
  const subject = parseSubject(claims.sub);
  if (subject?.kind !== 'user' || !claims.impersonatorId) throw invalid();
  if (!(await consumeToken(ctx.db, claims.jti, claims.exp))) throw invalid();

  const [target] = await ctx.db.select().from(users).where(eq(users.id, subject.id)).limit(1);
  if (!target?.active || !IMPERSONABLE_ROLES.has(target.role) || target.courierId === null) throw invalid();
  await activeCourierById(ctx.db, target.courierId);
  const session = await issueAccessToken(
    ctx,
    { kind: 'user', id: target.id, role: target.role, courierId: target.courierId },
    { impersonatorId: claims.impersonatorId, ttlSeconds: Math.min(IMPERSONATED_SESSION_TTL_SECONDS, ctx.config.TOKEN_TTL_HOURS * 3600) },
  );
  await audit(ctx.db, {
    courierId: target.courierId,
    actor: { id: claims.impersonatorId, kind: 'user' },
    action: 'impersonation.started',
    entity: 'user',
    entityId: target.id,
    details: { impersonatorId: claims.impersonatorId, targetUserId: target.id, targetEmail: target.email },
  });
  return { token: session, user: await staffProfile(ctx.db, target.id, true), message: AUTH_MESSAGES.impersonationSuccess };
}
