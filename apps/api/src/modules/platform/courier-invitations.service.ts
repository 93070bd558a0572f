import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  type CourierInvitation,
  type CourierInvitationView,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  type InvitationStatus,
  type courierInvitationAcceptSchema,
} from '@courier/shared/schemas/courier-invitations';
import { PLATFORM_MESSAGES } from '@courier/shared/schemas/platform';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { courierInvitations } from '../../db/schema/courier-invitations';
import { couriers } from '../../db/schema/couriers';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { issueAccessToken, staffProfile } from '../auth/index';
import { markUserSignedIn } from '../staff/index';
import { platformOrigin } from '../../lib/courier-links';
import { createCourier } from './couriers-admin.service';
import { getPlatformSettings } from './platform-settings.service';

type AcceptInput = z.output<typeof courierInvitationAcceptSchema>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const gone = () => new AppError('gone', INVITATION_MESSAGES.invitationGone);

type Row = typeof courierInvitations.$inferSelect;

function statusOf(row: Pick<Row, 'usedAt' | 'revokedAt' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/** The link's row when it can still be used: known, not used, not revoked, not expired. */
const usable = (tokenHash: string) =>
  and(
    eq(courierInvitations.tokenHash, tokenHash),
    isNull(courierInvitations.usedAt),
    isNull(courierInvitations.revokedAt),
    gt(courierInvitations.expiresAt, sql`now()`),
  );

/**
 * Invites a courier by e-mail: a single-use link valid INVITATION_TTL_DAYS, only its hash stored.
 * The mail goes through the outbox in the platform's lane, marked sensitive so the link is cleared
 * once sent. An earlier pending invitation to the same address stops working (one live link each).
 */
export async function inviteCourier(ctx: AppContext, user: AuthUser, email: string): Promise<CourierInvitation> {
  const [account] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (account) throw new AppError('conflict', PLATFORM_MESSAGES.emailTaken, { email: [PLATFORM_MESSAGES.emailTaken] });
  const brand = (await getPlatformSettings(ctx.db)).brandName;
  const token = randomBytes(32).toString('base64url');
  // The courier does not exist yet: the platform's own address.
  const link = `${platformOrigin(ctx.config)}/courier-invitation/${token}`;
  const id = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const now = new Date();
    await tx
      .update(courierInvitations)
      .set({ revokedAt: now })
      .where(and(eq(courierInvitations.email, email), isNull(courierInvitations.usedAt), isNull(courierInvitations.revokedAt)));
    const [row] = await tx
      .insert(courierInvitations)
      .values({
        email,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
        invitedBy: user.kind === 'user' ? user.id : null,
      })
      .returning({ id: courierInvitations.id });
    if (!row) throw new Error('Invitation insert returned nothing');
    await ctx.mailer.enqueue(
      {
        courierId: null,
        to: email,
        subject: `You're invited to set up your courier on ${brand}`,
        text: [
          'Hello,',
          '',
          `You have been invited to run your courier company on ${brand}.`,
          'Open this link to set it up (its name, its code and your admin account):',
          link,
          '',
          `The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
          'If you did not expect this, ignore this e-mail.',
        ].join('\n'),
        button: { label: 'Set up your courier', url: link },
        // The link creates a courier for whoever holds it: the outbox keeps it only until it is sent.
        sensitive: true,
      },
      tx,
    );
    await audit(tx, {
      courierId: null,
      actor: user,
      action: 'courier_invitation.sent',
      entity: 'courier_invitation',
      entityId: row.id,
      details: { email },
    });
    return row.id;
  });
  const [invitation] = await listInvitations(ctx.db, id);
  if (!invitation) throw new Error('Invitation vanished');
  return invitation;
}

/** Every invitation, newest first (or the one with `id`). */
export async function listInvitations(db: Db, id?: number): Promise<CourierInvitation[]> {
  const rows = await db
    .select({
      invitation: courierInvitations,
      courierId: couriers.id,
      courierName: couriers.name,
      courierCode: couriers.code,
    })
    .from(courierInvitations)
    .leftJoin(couriers, eq(couriers.id, courierInvitations.courierId))
    .where(id === undefined ? undefined : eq(courierInvitations.id, id))
    .orderBy(desc(courierInvitations.createdAt), desc(courierInvitations.id));
  const now = new Date();
  return rows.map(({ invitation: r, courierId, courierName, courierCode }) => ({
    id: r.id,
    email: r.email,
    status: statusOf(r, now),
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    usedAt: r.usedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    courier:
      courierId !== null && courierName !== null && courierCode !== null ? { id: courierId, name: courierName, code: courierCode } : null,
  }));
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(db: Db, user: AuthUser, id: number): Promise<CourierInvitation> {
  const [row] = await db.select().from(courierInvitations).where(eq(courierInvitations.id, id));
  if (!row) throw new AppError('not_found', INVITATION_MESSAGES.invitationNotFound);
  if (row.usedAt || row.revokedAt) throw new AppError('conflict', INVITATION_MESSAGES.alreadyClosed);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.update(courierInvitations).set({ revokedAt: new Date() }).where(eq(courierInvitations.id, id));
    await audit(tx, {
      courierId: null,
      actor: user,
      action: 'courier_invitation.revoked',
      entity: 'courier_invitation',
      entityId: id,
      details: { email: row.email },
    });
  });
  const [invitation] = await listInvitations(db, id);
  if (!invitation) throw new Error('Invitation vanished');
  return invitation;
}

/** What the accept page shows for a link; 410 when it cannot be used (unknown, used, revoked or expired). */
export async function viewInvitation(db: Db, token: string): Promise<CourierInvitationView> {
  const [row] = await db
    .select()
    .from(courierInvitations)
    .where(usable(sha256(token)));
  if (!row) throw gone();
  return { email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Sets the courier up from a link: the courier with the same defaults the super admin's "create
 * courier" gives (createCourier), its first courier admin with the invitation's e-mail, the
 * invitation marked used, all in one transaction; then signs the admin in (the admin login's answer).
 * Claiming the row with one UPDATE makes a second use fail even when both arrive together; a failure
 * after the claim (a code taken) rolls the claim back, so the link still works.
 */
export async function acceptInvitation(ctx: AppContext, token: string, input: AcceptInput) {
  const courierId = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [claimed] = await tx
      .update(courierInvitations)
      .set({ usedAt: new Date() })
      .where(usable(sha256(token)))
      .returning();
    if (!claimed) throw gone();
    let courier: Awaited<ReturnType<typeof createCourier>>;
    try {
      courier = await createCourier(tx, null, {
        name: input.courierName,
        code: input.courierCode,
        email: claimed.email,
        phone: null,
        admin: { firstName: input.firstName, lastName: input.lastName, email: claimed.email, password: input.password },
      });
    } catch (error) {
      // The form names its fields differently from the super admin's form.
      if (error instanceof AppError && error.fieldErrors?.code) {
        throw new AppError(error.code, error.message, { courierCode: error.fieldErrors.code });
      }
      throw error;
    }
    await tx.update(courierInvitations).set({ courierId: courier.id }).where(eq(courierInvitations.id, claimed.id));
    await audit(tx, {
      courierId: courier.id,
      actor: null,
      action: 'courier_invitation.accepted',
      entity: 'courier_invitation',
      entityId: claimed.id,
      details: { email: claimed.email, code: courier.code },
    });
    return courier.id;
  });
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.courierId, courierId), eq(users.role, 'courier_admin')))
    .limit(1);
  if (!admin) throw new Error('The new courier has no admin');
  await markUserSignedIn(ctx.db, admin.id);
  const accessToken = await issueAccessToken(ctx, { kind: 'user', id: admin.id, role: 'courier_admin', courierId });
  return { token: accessToken, user: await staffProfile(ctx.db, admin.id), message: INVITATION_MESSAGES.courierSetUp };
}
