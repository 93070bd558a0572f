import { createHash, createHmac } from 'node:crypto';
import { type SQL, and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
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
  /**
   * Counts the attempt as a failure before it is judged, in one atomic step, unless this device
   * must wait (null): attempts sent together are counted one after another, so the delay holds
   * them as it holds attempts sent in turn. Returns the new count.
   */
  claimAttempt(accountKey: string, ipHash: string, now: Date, policy: ThrottlePolicy): Promise<number | null>;
  /** Takes back a claimed attempt that was not a wrong password (or code). */
  releaseAttempt(accountKey: string): Promise<void>;
  /** Claims the one alert of this window; true for exactly one caller. */
  claimAlert(accountKey: string, now: Date): Promise<boolean>;
  /** Takes back the claimed attempt, remembers the IP; below the threshold the failures (typos) are forgotten. */
  recordSuccess(accountKey: string, ipHash: string, now: Date, delayAfter: number): Promise<void>;
}

export type ThrottlePolicy = ReturnType<typeof throttlePolicy>;

/** delaySecondsAfter in SQL, for the count a statement is writing. */
function delaySql(failures: SQL, policy: ThrottlePolicy): SQL {
  return sql`(case when ${failures} < ${policy.delayAfter} then 0
    else least(${policy.maxDelaySeconds}, ${FIRST_DELAY_SECONDS} * power(2, least(${failures} - ${policy.delayAfter}, 30))) end)`;
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
    // No failures yet: nobody waits, and whether the IP is known does not matter.
    if (!row) return { delayedUntil: null, knownIp: false, failures: 0, lastFailureAt: null };
    return { delayedUntil, knownIp: row.knownIp === true, failures: row.failures, lastFailureAt: row.lastFailureAt };
  }

  async claimAttempt(accountKey: string, ipHash: string, now: Date, policy: ThrottlePolicy) {
    const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    const t = loginThrottles;
    const failures = sql`(case when ${t.lastFailureAt} < ${windowStart} then 1 else ${t.failures} + 1 end)`;
    const first = delaySecondsAfter(1, policy);
    const knownIp = sql`exists (select 1 from ${loginKnownIps} where ${loginKnownIps.accountKey} = ${accountKey}
      and ${loginKnownIps.ipHash} = ${ipHash} and ${loginKnownIps.lastSeenAt} > ${new Date(now.getTime() - KNOWN_IP_TTL_MS)})`;
    // A known IP waits only once the failures go on well past the threshold, and never long; others until delayed_until.
    const mayTry = sql`case when ${knownIp}
      then ${t.lastFailureAt} < ${windowStart} or ${t.lastFailureAt} + least(${KNOWN_IP_MAX_DELAY_SECONDS}, ${delaySql(
        sql`(${t.failures} - ${policy.delayAfter})`,
        policy,
      )}) * interval '1 second' <= ${now}
      else ${t.delayedUntil} is null or ${t.delayedUntil} <= ${now} end`;
    const claim = this.db
      .insert(t)
      .values({ accountKey, failures: 1, lastFailureAt: now, delayedUntil: first > 0 ? new Date(now.getTime() + first * 1000) : null })
      .onConflictDoUpdate({
        target: t.accountKey,
        set: {
          failures,
          lastFailureAt: now,
          delayedUntil: sql`case when ${delaySql(failures, policy)} > 0
            then ${now}::timestamptz + ${delaySql(failures, policy)} * interval '1 second' else ${t.delayedUntil} end`,
        },
        setWhere: mayTry,
      })
      .returning({ failures: t.failures });
    // In the same statement: forget other accounts nobody has failed on for a window (indexed, usually nothing).
    const sweep = this.db.delete(t).where(and(lt(t.lastFailureAt, windowStart), ne(t.accountKey, accountKey)));
    // The row lock of ON CONFLICT orders attempts sent together; each sees the delay the one before set.
    const result = await this.db.execute(sql`with swept as (${sweep.getSQL()}) ${claim.getSQL()}`);
    const [row] = (result as unknown as { rows: Array<{ failures: number }> }).rows;
    return row ? Number(row.failures) : null;
  }

  async releaseAttempt(accountKey: string) {
    await this.db
      .update(loginThrottles)
      .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
      .where(eq(loginThrottles.accountKey, accountKey));
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
    // One statement: remember the IP and take back the attempt counted before it was judged. Below
    // the threshold the failures (typos) are forgotten; under attack the count stays, or each of the
    // owner's sign-ins would hand out fresh guesses. The two conditions never meet one row.
    const t = loginThrottles;
    const remember = this.db
      .insert(loginKnownIps)
      .values({ accountKey, ipHash, lastSeenAt: now })
      .onConflictDoUpdate({ target: [loginKnownIps.accountKey, loginKnownIps.ipHash], set: { lastSeenAt: now } });
    const forget = this.db.delete(t).where(and(eq(t.accountKey, accountKey), lte(t.failures, delayAfter)));
    const takeBack = this.db
      .update(t)
      .set({ failures: sql`${t.failures} - 1` })
      .where(and(eq(t.accountKey, accountKey), gt(t.failures, delayAfter)));
    await this.db.execute(sql`with remembered as (${remember.getSQL()}), forgotten as (${forget.getSQL()}) ${takeBack.getSQL()}`);
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
  // Count first, then judge: an attempt this device may not make now is refused before any check.
  const failures = await store.claimAttempt(key, ipHash, now, policy);
  if (failures === null) {
    const held = await store.state(key, ipHash, now);
    const until =
      held.knownIp && held.lastFailureAt
        ? new Date(held.lastFailureAt.getTime() + knownIpDelaySecondsAfter(held.failures, policy) * 1000)
        : (held.delayedUntil ?? now);
    reply.header('retry-after', String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))));
    throw new AppError('too_many_requests', AUTH_API_MESSAGES.signInDelayed);
  }
  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof AppError && error.message === (step.failureMessage ?? AUTH_API_MESSAGES.invalidCredentials)) {
      if (failures >= policy.delayAfter && (await store.claimAlert(key, now))) await alertOwner(ctx, email.trim().toLowerCase(), failures);
    } else await store.releaseAttempt(key);
    throw error;
  }
  await store.recordSuccess(key, ipHash, now, policy.delayAfter);
  return result;
}
