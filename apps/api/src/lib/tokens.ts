import { randomBytes, randomUUID } from 'node:crypto';
import type { Role, TokenType } from '@courier/shared/constants/roles';
import type { Db } from '../db/client';
import { revokedTokens } from '../db/schema/auth-tokens';
import { signJwt, verifyJwt } from './jwt';

export interface TokenClaims {
  /** `user:12` or `customer:7`: the account table and id. */
  sub: string;
  role: Role;
  type: TokenType;
  courierId: number | null;
  /** For impersonation tokens: the super admin who asked for it. */
  impersonatorId?: number;
  /** For hand-off codes: when the session that asked for it ends (the new session ends then too). */
  sessionExp?: number;
  /** For hand-off codes: the session that asked for it (a logout in between voids the code). */
  parentJti?: string;
  /** For two-step sign-in challenges: whether a code is asked for, or the set-up first; and Remember me. */
  twoFactor?: 'verify' | 'enrol';
  remember?: boolean;
  jti: string;
  /** Issued at, in seconds since the epoch, with milliseconds as a fraction (RFC 7519 allows it). */
  iat: number;
  exp: number;
}

export type AccountKind = 'user' | 'customer';

export function subjectOf(kind: AccountKind, id: number): string {
  return `${kind}:${id}`;
}

export function parseSubject(sub: string): { kind: AccountKind; id: number } | null {
  const match = /^(user|customer):(\d+)$/.exec(sub);
  if (!match) return null;
  return { kind: match[1] as AccountKind, id: Number(match[2]) };
}

/** How many verified tokens a TokenService remembers before it starts over (a few hundred KB at most). */
const VERIFIED_TOKENS_KEPT = 1_000;

/**
 * Signs and verifies the bearer tokens. The secret comes from JWT_SECRET, or is generated once
 * and kept in the database so every replica and every restart share it.
 */
export class TokenService {
  /**
   * Tokens whose signature this service has checked, with their claims: a signed-in client sends
   * the same token on every request, and its HMAC and two JSON parses were a few percent of a
   * package page's CPU. Only the signature check is remembered: expiry is checked on
   * every call, and the session (logout, password change, the account) by the auth plugin's query.
   */
  private readonly verified = new Map<string, TokenClaims>();

  private constructor(private readonly key: Uint8Array) {}

  /** The secret's bytes, from which other keys (the SecretBox) are derived. */
  get secret(): Uint8Array {
    return this.key;
  }

  /**
   * `keep` stores a generated secret unless one is stored already and returns the stored one
   * (`keepOnce` of modules/app-settings, passed in by the runtime: plumbing imports no module).
   */
  static async create(keep: (key: string, value: string) => Promise<unknown>, configured?: string): Promise<TokenService> {
    if (configured) return new TokenService(new TextEncoder().encode(configured));
    const stored = await keep('jwt_secret', randomBytes(48).toString('base64url'));
    if (typeof stored !== 'string') throw new Error('Token secret could not be stored');
    return new TokenService(new TextEncoder().encode(stored));
  }

  async sign(claims: Omit<TokenClaims, 'jti' | 'iat' | 'exp'>, ttlSeconds: number): Promise<{ token: string; jti: string; exp: number }> {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + Math.round(ttlSeconds);
    // iat is fractional so a password reset cuts off exactly the tokens issued before it.
    const token = signJwt({ ...claims, jti, iat: Date.now() / 1000, exp }, this.key);
    return { token, jti, exp };
  }

  /** Verifies signature and expiry (synchronously: it runs on every request); null for anything that is not a valid token. */
  verify(token: string): TokenClaims | null {
    const known = this.verified.get(token);
    if (known) return known.exp > Date.now() / 1000 ? known : null;
    const payload = verifyJwt(token, this.key);
    if (
      !payload ||
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number' ||
      typeof payload.iat !== 'number'
    )
      return null;
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
    const claims = Object.freeze(payload) as unknown as TokenClaims;
    this.verified.set(token, claims);
    return claims;
  }
}

/** Whether a token issued at `iat` (seconds) predates the account's `sessionsValidAfter`. */
export function issuedBeforeCutoff(iat: number, sessionsValidAfter: Date | null): boolean {
  return sessionsValidAfter !== null && iat * 1000 < sessionsValidAfter.getTime();
}

/** Whether a session was ended by a password change: issued before the cutoff, and not the session that made it. */
export function sessionEnded(
  claims: Pick<TokenClaims, 'iat' | 'jti'>,
  account: { sessionsValidAfter: Date | null; sessionKeptJti: string | null },
) {
  return issuedBeforeCutoff(claims.iat, account.sessionsValidAfter) && claims.jti !== account.sessionKeptJti;
}

/**
 * The account columns that end every session issued until now (a password was reset or changed),
 * except `keepJti`: the session that made the change stays signed in.
 */
export function endSessions(keepJti?: string): { sessionsValidAfter: Date; sessionKeptJti: string | null } {
  return { sessionsValidAfter: new Date(), sessionKeptJti: keepJti ?? null };
}

export async function revokeToken(db: Db, jti: string, exp: number): Promise<void> {
  await db
    .insert(revokedTokens)
    .values({ jti, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing();
}

/** Revokes the token only if it was not revoked before: true for the first caller, false after. */
export async function consumeToken(db: Db, jti: string, exp: number): Promise<boolean> {
  const rows = await db
    .insert(revokedTokens)
    .values({ jti, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: revokedTokens.jti });
  return rows.length === 1;
}
