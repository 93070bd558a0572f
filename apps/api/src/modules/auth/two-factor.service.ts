import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '@courier/shared/constants/roles';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES, type TwoFactorChallenge } from '@courier/shared/schemas/two-factor';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema/two-factor';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { SecretBox } from '../../lib/secret-box';
import { type AccountKind, consumeToken, parseSubject, subjectOf } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { changeCourier } from '../couriers/index';

/** A sign-in's second step must be finished within this (the challenge is not a session). */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after is accepted too (phone clocks drift). */
const TOTP_WINDOW = 1;

export interface TwoFactorAccount {
  kind: AccountKind;
  id: number;
  role: Role;
  courierId: number | null;
  email: string;
}

const box = (ctx: AppContext) => new SecretBox(ctx.tokens.secret);
const accountIs = (kind: AccountKind, id: number) => and(eq(twoFactorSecrets.accountKind, kind), eq(twoFactorSecrets.accountId, id));
const codesOf = (kind: AccountKind, id: number) =>
  and(eq(twoFactorRecoveryCodes.accountKind, kind), eq(twoFactorRecoveryCodes.accountId, id));

/** The authenticator app's generator for a base32 secret (RFC 6238, as the apps read it). */
export function totpFor(secretBase32: string, label = 'account', issuer = 'Courier Portal'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a correct 6-digit code belongs to, or null. */
export function acceptedStep(totp: TOTP, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Recovery codes are compared without case, spaces or dashes, as people type them. */
function recoveryCodeHash(ctx: AppContext, code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHmac('sha256', ctx.tokens.secret).update(`recovery-code:${normal}`).digest('hex');
}

function newRecoveryCode(): string {
  // 10 characters of an alphabet without look-alikes (0/o, 1/l): about 50 bits each.
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function enabledSecret(db: Db, kind: AccountKind, id: number) {
  const [row] = await db.select().from(twoFactorSecrets).where(accountIs(kind, id)).limit(1);
  return row?.enabledAt ? row : undefined;
}

/** Whether the account's courier requires two steps of its staff (never of customers or the super admin). */
async function requiredFor(db: Db, kind: AccountKind, courierId: number | null): Promise<boolean> {
  if (kind !== 'user' || courierId === null) return false;
  const [row] = await db.select({ required: couriers.requireStaffTwoFactor }).from(couriers).where(eq(couriers.id, courierId)).limit(1);
  return row?.required ?? false;
}

/**
 * After a correct password: the challenge of the second step when one is due (the account has
 * it on, or its courier requires it and it is not set up yet), else null (a session is issued).
 */
export async function secondStep(
  ctx: AppContext,
  account: Omit<TwoFactorAccount, 'email'>,
  remember: boolean | undefined,
  /** What the sign-in already read with the account (saves two statements). */
  known?: { on: boolean; required: boolean },
): Promise<TwoFactorChallenge | null> {
  const on = known ? known.on : Boolean(await enabledSecret(ctx.db, account.kind, account.id));
  const required = known
    ? known.required && account.kind === 'user' && account.courierId !== null
    : await requiredFor(ctx.db, account.kind, account.courierId);
  const step = on ? 'verify' : required ? 'enrol' : null;
  if (!step) return null;
  const { token } = await ctx.tokens.sign(
    {
      sub: subjectOf(account.kind, account.id),
      role: account.role,
      type: 'two_factor',
      courierId: account.courierId,
      twoFactor: step,
      ...(remember ? { remember } : {}),
    },
    CHALLENGE_TTL_SECONDS,
  );
  return {
    twoFactor: step,
    challenge: token,
    message: step === 'verify' ? TWO_FACTOR_MESSAGES.codeRequired : 'Your courier requires two-step sign-in: set it up to continue',
  };
}

async function accountOf(db: Db, kind: AccountKind, id: number) {
  if (kind === 'user') {
    const [u] = await db
      .select({
        id: users.id,
        role: users.role,
        courierId: users.courierId,
        email: users.email,
        active: users.active,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return u;
  }
  const [c] = await db
    .select({
      id: customers.id,
      courierId: customers.courierId,
      email: customers.email,
      active: customers.active,
      passwordHash: customers.passwordHash,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return c ? { ...c, role: 'customer' as const } : undefined;
}

/** The account a challenge names, when the challenge is valid, of this kind and this step; 401 otherwise. */
export async function challengeAccount(ctx: AppContext, challenge: string, kind: AccountKind, step: 'verify' | 'enrol') {
  const expired = () => new AppError('unauthenticated', TWO_FACTOR_MESSAGES.challengeExpired);
  const claims = ctx.tokens.verify(challenge);
  if (claims?.type !== 'two_factor' || claims.twoFactor !== step) throw expired();
  const subject = parseSubject(claims.sub);
  if (subject?.kind !== kind) throw expired();
  const account = await accountOf(ctx.db, subject.kind, subject.id);
  if (!account) throw expired();
  if (!account.active) throw new AppError('unauthenticated', AUTH_API_MESSAGES.accountInactive);
  return { account: { kind, ...account } satisfies TwoFactorAccount, claims };
}

/** Uses the challenge up: a second step opens one session. */
export async function spendChallenge(ctx: AppContext, claims: { jti: string; exp: number }) {
  if (!(await consumeToken(ctx.db, claims.jti, claims.exp))) throw new AppError('unauthenticated', TWO_FACTOR_MESSAGES.challengeExpired);
}

/**
 * Checks a 6-digit code (each step's code works once) or an unused recovery code (used up now,
 * and audited). A wrong code is refused with `invalidCode`, which the throttle counts.
 */
export async function checkSecondStep(ctx: AppContext, account: TwoFactorAccount, code: string): Promise<void> {
  const row = await enabledSecret(ctx.db, account.kind, account.id);
  if (!row) throw new AppError('unauthenticated', TWO_FACTOR_MESSAGES.challengeExpired);
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = acceptedStep(totpFor(box(ctx).open(row.secretSealed)), trimmed);
    // Claimed with a conditional update, so the same code sent twice at once opens one session.
    const claimed =
      step === null
        ? []
        : await ctx.db
            .update(twoFactorSecrets)
            .set({ lastUsedStep: step })
            .where(and(eq(twoFactorSecrets.id, row.id), lt(twoFactorSecrets.lastUsedStep, step)))
            .returning({ id: twoFactorSecrets.id });
    if (claimed.length === 0) throw new AppError('unauthenticated', TWO_FACTOR_MESSAGES.invalidCode);
    return;
  }
  const used = await ctx.db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        codesOf(account.kind, account.id),
        eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(ctx, trimmed)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  if (used.length === 0) throw new AppError('unauthenticated', TWO_FACTOR_MESSAGES.invalidCode);
  const left = await recoveryCodesLeft(ctx.db, account.kind, account.id);
  await audit(ctx.db, {
    courierId: account.courierId,
    actor: { id: account.id, kind: account.kind },
    action: 'two_factor.recovery_code_used',
    entity: account.kind,
    entityId: account.id,
    details: { recoveryCodesLeft: left },
  });
}

async function recoveryCodesLeft(db: Db, kind: AccountKind, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(codesOf(kind, id), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Starts (or restarts) the set-up: a new secret, not yet on, with its otpauth URL as a QR code. */
export async function startSetup(ctx: AppContext, account: TwoFactorAccount) {
  if (await enabledSecret(ctx.db, account.kind, account.id)) throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyEnabled);
  let issuer = 'Courier Portal';
  if (account.courierId !== null) {
    const [courier] = await ctx.db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, account.courierId));
    if (courier) issuer = courier.name;
  }
  const secret = new Secret({ size: 20 }).base32;
  const sealed = box(ctx).seal(secret);
  await ctx.db
    .insert(twoFactorSecrets)
    .values({ accountKind: account.kind, accountId: account.id, secretSealed: sealed })
    .onConflictDoUpdate({
      target: [twoFactorSecrets.accountKind, twoFactorSecrets.accountId],
      set: { secretSealed: sealed, enabledAt: null, lastUsedStep: 0, createdAt: new Date() },
    });
  const otpauthUrl = totpFor(secret, account.email, issuer).toString();
  // The QR encoder loads on first use, like the PDF and Excel writers.
  const { toDataURL } = await import('qrcode');
  return { secret, otpauthUrl, qrCode: await toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/** Confirms the set-up with a code from the app: two steps are on, with fresh recovery codes (shown once). */
export async function confirmSetup(
  ctx: AppContext,
  account: TwoFactorAccount,
  code: string,
  actor: Pick<AuthUser, 'id' | 'kind' | 'impersonatorId'>,
): Promise<string[]> {
  const [row] = await ctx.db.select().from(twoFactorSecrets).where(accountIs(account.kind, account.id)).limit(1);
  if (row?.enabledAt) throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!row) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.setupFirst);
  const step = acceptedStep(totpFor(box(ctx).open(row.secretSealed)), code.trim());
  if (step === null) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.invalidCode);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(twoFactorSecrets).set({ enabledAt: new Date(), lastUsedStep: step }).where(eq(twoFactorSecrets.id, row.id));
    await tx.delete(twoFactorRecoveryCodes).where(codesOf(account.kind, account.id));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((c) => ({ accountKind: account.kind, accountId: account.id, codeHash: recoveryCodeHash(ctx, c) })));
    await audit(tx, { courierId: account.courierId, actor, action: 'two_factor.enabled', entity: account.kind, entityId: account.id });
  });
  return codes;
}

async function removeTwoFactor(db: Db, kind: AccountKind, id: number): Promise<boolean> {
  const removed = await db.delete(twoFactorSecrets).where(accountIs(kind, id)).returning({ id: twoFactorSecrets.id });
  await db.delete(twoFactorRecoveryCodes).where(codesOf(kind, id));
  return removed.length > 0;
}

/** The signed-in person's own account, refused while impersonated (support work does not change a second step). */
export async function ownAccount(ctx: AppContext, caller: AuthUser): Promise<TwoFactorAccount> {
  if (caller.impersonatorId !== undefined) throw new AppError('forbidden', TWO_FACTOR_MESSAGES.impersonated);
  const account = await accountOf(ctx.db, caller.kind, caller.id);
  if (!account) throw new AppError('not_found', AUTH_API_MESSAGES.userNotFound);
  return { kind: caller.kind, ...account };
}

export async function twoFactorStatus(ctx: AppContext, caller: AuthUser) {
  const on = await enabledSecret(ctx.db, caller.kind, caller.id);
  return {
    enabled: on !== undefined,
    recoveryCodesLeft: on ? await recoveryCodesLeft(ctx.db, caller.kind, caller.id) : 0,
    required: await requiredFor(ctx.db, caller.kind, caller.courierId),
  };
}

/** Turns two steps off with the password; not where the courier requires them. */
export async function disableOwn(ctx: AppContext, caller: AuthUser, password: string) {
  const account = await ownAccount(ctx, caller);
  const full = await accountOf(ctx.db, account.kind, account.id);
  if (!full || !(await verifyPassword(full.passwordHash, password))) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.passwordWrong);
  if (await requiredFor(ctx.db, account.kind, account.courierId)) throw new AppError('forbidden', TWO_FACTOR_MESSAGES.requiredByCourier);
  if (!(await removeTwoFactor(ctx.db, account.kind, account.id))) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.notEnabled);
  await audit(ctx.db, {
    courierId: account.courierId,
    actor: caller,
    action: 'two_factor.disabled',
    entity: account.kind,
    entityId: account.id,
  });
}

const COURIER_ADMINS: ReadonlySet<Role> = new Set(['courier_admin', 'admin']);

/**
 * An admin clears someone's second step (a lost phone): the super admin anyone's, a courier
 * admin only their own courier's people. The person signs in with the password alone next time
 * (and sets it up again where the courier requires it).
 */
export async function resetTwoFactor(ctx: AppContext, caller: AuthUser, target: { kind: AccountKind; id: number }) {
  const account = await accountOf(ctx.db, target.kind, target.id);
  const allowed =
    caller.role === 'super_admin' || (COURIER_ADMINS.has(caller.role) && account !== undefined && account.courierId === caller.courierId);
  if (!account || !allowed) throw new AppError('not_found', TWO_FACTOR_MESSAGES.notYours);
  if (!(await removeTwoFactor(ctx.db, target.kind, target.id))) throw new AppError('bad_request', TWO_FACTOR_MESSAGES.notEnabled);
  await audit(ctx.db, {
    courierId: account.courierId,
    actor: caller,
    action: 'two_factor.reset',
    entity: target.kind,
    entityId: target.id,
    details: { email: account.email },
  });
}

export async function getTwoFactorPolicy(db: Db, courierId: number) {
  return { requireStaffTwoFactor: await requiredFor(db, 'user', courierId) };
}

export async function saveTwoFactorPolicy(db: Db, caller: AuthUser, courierId: number, requireStaffTwoFactor: boolean) {
  await changeCourier(db, courierId, { requireStaffTwoFactor, updatedAt: new Date() });
  await audit(db, {
    courierId,
    actor: caller,
    action: 'two_factor_policy.updated',
    entity: 'courier',
    entityId: courierId,
    details: { requireStaffTwoFactor },
  });
  return getTwoFactorPolicy(db, courierId);
}
