import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { type AccountKind, endSessions } from '../../lib/tokens';
import { changeCustomerPassword } from '../customers/index';
import { changeUser } from '../staff/index';

export const RESET_TOKEN_TTL_MINUTES = 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface ResetTarget {
  kind: AccountKind;
  id: number;
  courierId: number | null;
  email: string;
  firstName: string;
  courierName: string | null;
}

/** Reset work still running after its answer went out; app.close() and tests wait for it. */
const pendingResets = new Set<Promise<void>>();

export async function settlePasswordResets(): Promise<void> {
  while (pendingResets.size > 0) await Promise.allSettled([...pendingResets]);
}

/**
 * Answers a reset request at once and does its work afterwards, so the answer takes the same time
 * whether or not the e-mail belongs to an account (known staff e-mails answered
 * 2.5 ms slower, which told an outsider who works there). The account lookup, the token and the
 * outbox row all happen after the reply; a failure is only logged, since the caller has been told
 * the same thing either way.
 */
export function requestPasswordReset(ctx: AppContext, input: { email: string; api_key?: string }, onError: (error: unknown) => void): void {
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendResetLink(ctx, input))
    .catch(onError)
    .finally(() => pendingResets.delete(work));
  pendingResets.add(work);
}

/**
 * Sends a reset link to the account with this e-mail: the customer of the api key's courier when
 * one is given (the customer login page), else the staff-side account. Nothing when there is none.
 */
async function sendResetLink(ctx: AppContext, input: { email: string; api_key?: string }): Promise<void> {
  let targets: ResetTarget[];
  if (input.api_key) {
    targets = await ctx.db
      .select({
        kind: sql<AccountKind>`'customer'`,
        id: customers.id,
        courierId: customers.courierId,
        email: customers.email,
        firstName: customers.firstName,
        courierName: couriers.name,
      })
      .from(customers)
      .innerJoin(couriers, eq(couriers.id, customers.courierId))
      .where(
        and(
          eq(couriers.apiKey, input.api_key),
          eq(couriers.status, 'active'),
          eq(sql`lower(${customers.email})`, input.email),
          eq(customers.active, true),
        ),
      )
      .limit(1);
  } else {
    targets = await ctx.db
      .select({
        kind: sql<AccountKind>`'user'`,
        id: users.id,
        courierId: users.courierId,
        email: users.email,
        firstName: users.firstName,
        courierName: couriers.name,
      })
      .from(users)
      .leftJoin(couriers, eq(couriers.id, users.courierId))
      .where(and(eq(sql`lower(${users.email})`, input.email), eq(users.active, true)))
      .limit(1);
  }

  for (const target of targets) {
    const sender = target.courierName ?? 'Courier Portal';
    await ctx.db.transaction(async (tx) => {
      const link = await passwordLink(ctx, tx as unknown as typeof ctx.db, target, RESET_TOKEN_TTL_MINUTES);
      await ctx.mailer.enqueue(
        {
          courierId: target.courierId,
          to: target.email,
          subject: `Reset your ${sender} password`,
          text: [
            `Hello ${target.firstName},`,
            '',
            `We received a request to reset the password of your ${sender} account.`,
            'Open this link to choose a new password:',
            link,
            '',
            `The link works once and expires in ${RESET_TOKEN_TTL_MINUTES} minutes.`,
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ].join('\n'),
          // The link signs whoever holds it in: the outbox keeps it only until it is sent.
          sensitive: true,
          button: { label: 'Reset your password', url: link },
        },
        tx as unknown as typeof ctx.db,
      );
    });
  }
}

/**
 * A one-use link to the reset page that sets the account's password, valid for `ttlMinutes`; only
 * its hash is stored. Also the welcome e-mail's "choose your password" link.
 */
export async function passwordLink(
  ctx: Pick<AppContext, 'mailer'>,
  db: AppContext['db'],
  account: { kind: AccountKind; id: number; courierId: number | null },
  ttlMinutes: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  await db.insert(passwordResetTokens).values({ tokenHash: sha256(token), accountKind: account.kind, accountId: account.id, expiresAt });
  return ctx.mailer.link(account.courierId, `/reset-password?token=${token}`, db);
}

/** Whether a reset link can still set a password: known, unused and unexpired (it is not used up here). */
export async function resetLinkUsable(ctx: AppContext, token: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: passwordResetTokens.tokenHash })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return row !== undefined;
}

/** Sets a new password from a reset link: the token must be known, unused and unexpired; it is used up. */
export async function resetPassword(ctx: AppContext, input: { token: string; newPassword: string }): Promise<void> {
  const invalid = () => new AppError('bad_request', AUTH_API_MESSAGES.resetTokenInvalid);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    // Claiming the row in one UPDATE makes a second use of the same link fail even when concurrent.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed) throw invalid();
    // Whoever held the old password is signed out everywhere: older tokens stop working.
    const changed = { passwordHash, ...endSessions() };
    if (claimed.accountKind === 'customer') {
      await changeCustomerPassword(tx as unknown as Db, claimed.accountId, changed);
    } else {
      await changeUser(tx as unknown as Db, claimed.accountId, { ...changed, updatedAt: new Date() });
    }
    // Older links for the same account stop working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.accountKind, claimed.accountKind),
          eq(passwordResetTokens.accountId, claimed.accountId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
  });
}
