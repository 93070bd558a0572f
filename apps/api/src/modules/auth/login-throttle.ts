import { createHash, createHmac } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { loginKnownIps, loginThrottles } from '../../db/schema/login-throttle';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';

/**
 * Sign-in throttling per account across every login page (docs/decisions/009-login-throttling.md):
 * after `delayAfter` failures, devices that never signed in to the account wait an increasing
 * delay (429 + Retry-After, never a sleeping handler); known IPs are counted too, more gently: their
 * delay starts `delayAfter` failures later and stays short, so the owner is never locked out.
 */

/** Failures older than this are forgotten; the owner is alerted at most once per window. */
export const THROTTLE_WINDOW_MS = 24 * 3600_000;
/** The first delay once the threshold is reached; it doubles with each further failure. */
export const FIRST_DELAY_SECONDS = 15;
/** The longest a known IP waits between tries, however many failures (gentler than unknown devices). */
export const KNOWN_IP_MAX_DELAY_SECONDS = 300;
/** An IP the account has not signed in from for this long is unknown again. */
const KNOWN_IP_TTL_MS = 90 * 24 * 3600_000;
/** Under NODE_ENV=test suites fail sign-ins freely; a test that wants the delay sets it. */
const TEST_DEFAULT_THRESHOLD = 100_000;

export function throttlePolicy(config: Config) {
  return {
    delayAfter: config.AUTH_LOGIN_DELAY_AFTER_FAILURES ?? (config.NODE_ENV === 'test' ? TEST_DEFAULT_THRESHOLD : 5),
    maxDelaySeconds: config.AUTH_LOGIN_MAX_DELAY_SECONDS,
  };
}

/** Seconds of delay after the n-th consecutive failure: 0 below the threshold, then doubling, capped. */
export function delaySecondsAfter(failures: number, policy: { delayAfter: number; maxDelaySeconds: number }): number {
  if (failures < policy.delayAfter) return 0;
  const doublings = Math.min(failures - policy.delayAfter, 30);
  return Math.min(policy.maxDelaySeconds, FIRST_DELAY_SECONDS * 2 ** doublings);
}

/**
 * Seconds a known IP waits after the n-th consecutive failure: nothing for twice the threshold
 * (10 by default), then the same doubling as unknown devices, capped at five minutes.
 */
export function knownIpDelaySecondsAfter(failures: number, policy: { delayAfter: number; maxDelaySeconds: number }): number {
  return Math.min(KNOWN_IP_MAX_DELAY_SECONDS, delaySecondsAfter(failures - policy.delayAfter, policy));
}

/** What the store knows of an account's failures, for one IP. */
export interface ThrottleState {
  /** When an unknown device may next try (null: now). */
  delayedUntil: Date | null;
  knownIp: boolean;
  failures: number;
  lastFailureAt: Date | null;
}

/** Where throttling state lives; shared by every replica. A Redis store could implement the same. */
export interface LoginThrottleStore {
  /** The account's failures, when an unknown device may next try it, and whether this IP is known. */
  state(accountKey: string, ipHash: string, now: Date): Promise<ThrottleState>;
  /** Counts one failure (forgetting failures older than the window); returns the new count. */
  recordFailure(accountKey: string, now: Date, delayFor: (failures: number) => number): Promise<number>;
  /** Claims the one alert of this window; true for exactly one caller. */
  claimAlert(accountKey: string, now: Date): Promise<boolean>;
  /** Remembers the IP; below the threshold the failures (typos) are forgotten. */
  recordSuccess(accountKey: string, ipHash: string, now: Date, delayAfter: number): Promise<void>;
}

export class PgLoginThrottleStore implements LoginThrottleStore {
  constructor(private readonly db: Db) {}

  async state(accountKey: string, ipHash: string, now: Date): Promise<ThrottleState> {
    // One statement: the failures, the delay, and whether this IP is known.
    const [row] = await this.db
      .select({
        delayedUntil: loginThrottles.delayedUntil,
        failures: loginThrottles.failures,
        lastFailureAt: loginThrottles.lastFailureAt,
        knownIp: sql<boolean>`exists (select 1 from ${loginKnownIps} where ${loginKnownIps.accountKey} = ${accountKey}
          and ${loginKnownIps.ipHash} = ${ipHash} and ${loginKnownIps.lastSeenAt} > ${new Date(now.getTime() - KNOWN_IP_TTL_MS)})`,
      })
      .from(loginThrottles)
      .where(eq(loginThrottles.accountKey, accountKey));
    const delayedUntil = row?.delayedUntil && row.delayedUntil > now ? row.delayedUntil : null;
    // Below the unknown devices' threshold nobody waits: whether the IP is known does not matter.
    if (!row || !delayedUntil)
      return { delayedUntil: null, knownIp: false, failures: row?.failures ?? 0, lastFailureAt: row?.lastFailureAt ?? null };
    return { delayedUntil, knownIp: row.knownIp === true, failures: row.failures, lastFailureAt: row.lastFailureAt };
  }

  async recordFailure(accountKey: string, now: Date, delayFor: (failures: number) => number) {
    const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    const [row] = await this.db
      .insert(loginThrottles)
      .values({ accountKey, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginThrottles.accountKey,
        set: {
          failures: sql`case when ${loginThrottles.lastFailureAt} < ${windowStart} then 1 else ${loginThrottles.failures} + 1 end`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: loginThrottles.failures });
    const failures = row?.failures ?? 1;
    const delay = delayFor(failures);
    if (delay > 0) {
      await this.db
        .update(loginThrottles)
        .set({ delayedUntil: new Date(now.getTime() + delay * 1000) })
        .where(eq(loginThrottles.accountKey, accountKey));
    }
    // Forget accounts nobody has failed on for a window (an indexed delete, usually of nothing).
    await this.db.delete(loginThrottles).where(lt(loginThrottles.lastFailureAt, windowStart));
    return failures;
  }

  async claimAlert(accountKey: string, now: Date) {
    const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    const claimed = await this.db
      .update(loginThrottles)
      .set({ alertedAt: now })
      .where(
        and(eq(loginThrottles.accountKey, accountKey), or(isNull(loginThrottles.alertedAt), lt(loginThrottles.alertedAt, windowStart))),
      )
      .returning({ accountKey: loginThrottles.accountKey });
    return claimed.length > 0;
  }

  async recordSuccess(accountKey: string, ipHash: string, now: Date, delayAfter: number) {
    // One statement: remember the IP and, below the threshold, forget the failures (typos). Under
    // attack the count stays, or each of the owner's sign-ins would hand out fresh guesses.
    const remember = this.db
      .insert(loginKnownIps)
      .values({ accountKey, ipHash, lastSeenAt: now })
      .onConflictDoUpdate({ target: [loginKnownIps.accountKey, loginKnownIps.ipHash], set: { lastSeenAt: now } });
    const forget = this.db
      .delete(loginThrottles)
      .where(and(eq(loginThrottles.accountKey, accountKey), lt(loginThrottles.failures, delayAfter)));
    await this.db.execute(sql`with remembered as (${remember.getSQL()}) ${forget.getSQL()}`);
  }
}

/** The account a sign-in names: the e-mail, whichever page (and whether or not it exists). */
export function accountKeyOf(email: string): string {
  return createHash('sha256').update(`login:${email.trim().toLowerCase()}`).digest('hex');
}

function ipHashOf(ctx: AppContext, ip: string): string {
  return createHmac('sha256', ctx.tokens.secret).update(`login-ip:${ip}`).digest('hex');
}

/** Tells the owner of this e-mail (if there is one) that someone is guessing their password. */
async function alertOwner(ctx: AppContext, email: string, failures: number): Promise<void> {
  const [user] = await ctx.db
    .select({ courierId: users.courierId, firstName: users.firstName, courierName: couriers.name })
    .from(users)
    .leftJoin(couriers, eq(couriers.id, users.courierId))
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  const [customer] = user
    ? []
    : await ctx.db
        .select({ courierId: customers.courierId, firstName: customers.firstName, courierName: couriers.name })
        .from(customers)
        .innerJoin(couriers, eq(couriers.id, customers.courierId))
        .where(eq(sql`lower(${customers.email})`, email))
        .limit(1);
  const owner = user ?? customer;
  if (!owner) return;
  const sender = owner.courierName ?? 'Courier Portal';
  await ctx.mailer.enqueue({
    courierId: owner.courierId,
    to: email,
    subject: `Failed sign-in attempts on your ${sender} account`,
    text: [
      `Hello ${owner.firstName},`,
      '',
      `Someone has failed to sign in to your ${sender} account ${failures} times in a row.`,
      'Until the attempts stop, sign-ins from new devices must wait a little between tries.',
      'Devices you have signed in from before are slowed only after many more failed tries, and never for long.',
      '',
      'If this was you, no action is needed. If it was not, your password was not accepted;',
      'if you think someone knows it, reset it from the sign-in page.',
    ].join('\n'),
  });
}

/** A step of the sign-in counted on its own: the second step's wrong codes have their own counter. */
export interface ThrottledStep {
  /** Names the counter beside the password's (none: the password's). */
  scope?: string;
  /** The refusal that counts as a failure. */
  failureMessage?: string;
}

/**
 * Runs one sign-in under the account's throttle: refuses unknown devices while the account is
 * delayed, counts a wrong password (or code) against the account, and remembers the IP of a success.
 */
export async function throttledSignIn<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  signIn: () => Promise<T>,
  store: LoginThrottleStore = new PgLoginThrottleStore(ctx.db),
  step: ThrottledStep = {},
): Promise<T> {
  const policy = throttlePolicy(ctx.config);
  const key = accountKeyOf(step.scope ? `${step.scope}:${email}` : email);
  const ipHash = ipHashOf(ctx, request.ip);
  const now = new Date();
  const state = await store.state(key, ipHash, now);
  // A known IP waits only once the failures go on well past the threshold, and never long.
  const until =
    state.knownIp && state.lastFailureAt
      ? new Date(state.lastFailureAt.getTime() + knownIpDelaySecondsAfter(state.failures, policy) * 1000)
      : state.delayedUntil;
  if (until && until > now) {
    reply.header('retry-after', String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))));
    throw new AppError('too_many_requests', AUTH_API_MESSAGES.signInDelayed);
  }
  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof AppError && error.message === (step.failureMessage ?? AUTH_API_MESSAGES.invalidCredentials)) {
      const failures = await store.recordFailure(key, now, (n) => delaySecondsAfter(n, policy));
      if (failures >= policy.delayAfter && (await store.claimAlert(key, now))) await alertOwner(ctx, email.trim().toLowerCase(), failures);
    }
    throw error;
  }
  await store.recordSuccess(key, ipHash, now, policy.delayAfter);
  return result;
}
