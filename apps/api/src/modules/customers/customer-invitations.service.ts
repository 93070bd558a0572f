import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { CUSTOMER_IMPORT_MESSAGES as M } from '@courier/shared/schemas/customer-import';
import type { AppContext } from '../../context';
import { customers } from '../../db/schema/customers';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { publish } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
/** Invitations queued per request: a batch answers in a few seconds even on a busy server. */
const BATCH = 100;

function ownCourier(user: AuthUser): number {
  if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
  return user.courierId;
}

const notYetInvited = (courierId: number) =>
  and(eq(customers.courierId, courierId), isNotNull(customers.importedAt), isNull(customers.invitedAt), eq(customers.active, true));

/** Imported customers of the caller's courier who have not been invited yet. */
export async function pendingInvitations(ctx: AppContext, user: AuthUser): Promise<{ pending: number }> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(customers)
    .where(notYetInvited(ownCourier(user)));
  return { pending: row?.n ?? 0 };
}

/**
 * Invites the next batch of imported customers: each is marked invited once and `customer.invited`
 * is published, whose subscriber sends the welcome e-mail with their (kept) mailbox number and a
 * link to choose a password. The screen asks again until none remain, showing the progress.
 */
export async function inviteImportedCustomers(ctx: AppContext, user: AuthUser) {
  const courierId = ownCourier(user);
  const batch = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(notYetInvited(courierId))
    .orderBy(customers.id)
    .limit(BATCH);
  if (batch.length === 0) throw new AppError('conflict', M.nothingToInvite);
  const ids = batch.map((c) => c.id);
  // Marked invited with the event in one transaction: the welcome e-mails (auth's subscriber)
  // go with it or not at all, and each customer is invited once.
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(customers).set({ invitedAt: new Date() }).where(inArray(customers.id, ids));
    await audit(tx, { courierId, actor: user, action: 'customer.invited', entity: 'customer', details: { invited: batch.length } });
    await publish({ db: tx, mailer: ctx.mailer }, courierId, 'customer.invited', { customerIds: ids });
  });
  const { pending } = await pendingInvitations(ctx, user);
  return { invited: batch.length, remaining: pending, message: M.invited(batch.length) };
}
