import { and, eq, ne, sql } from 'drizzle-orm';
import { type Profile, SETTINGS_MESSAGES } from '@courier/shared/schemas/settings';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { endSessions } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { isUniqueViolation } from '../../lib/db-errors';
import { changeUser } from '../staff/index';

export const USER_NOT_FOUND = 'User not found';

/** The own-account calls are for staff-side accounts; a customer has a profile of their own. */
function ownAccount(actor: AuthUser, id?: number): number {
  if (actor.kind !== 'user') throw new AppError('forbidden', 'You do not have permission to perform this action');
  if (id !== undefined && id !== actor.id) throw new AppError('not_found', USER_NOT_FOUND);
  return actor.id;
}

export async function updateOwnProfile(options: {
  db: Db;
  actor: AuthUser;
  id: number;
  input: { firstName: string; lastName: string; email: string };
}): Promise<Profile> {
  const { db, actor, input } = options;
  const id = ownAccount(actor, options.id);
  try {
    return await saveProfile(db, actor, id, input);
  } catch (error) {
    // Two people claiming one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('conflict', SETTINGS_MESSAGES.emailInUse, { email: [SETTINGS_MESSAGES.emailInUse] });
    throw error;
  }
}

async function saveProfile(
  db: Db,
  actor: AuthUser,
  id: number,
  input: { firstName: string; lastName: string; email: string },
): Promise<Profile> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, id)))
      .limit(1);
    if (taken) throw new AppError('conflict', SETTINGS_MESSAGES.emailInUse, { email: [SETTINGS_MESSAGES.emailInUse] });
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
    const row = await changeUser(tx as unknown as Db, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      updatedAt: new Date(),
    });
    if (!row) throw new AppError('not_found', USER_NOT_FOUND);
    await audit(tx as unknown as Db, {
      courierId: actor.courierId,
      actor,
      action: 'user.profile_updated',
      entity: 'user',
      entityId: id,
      details: { ...input, previous_email: before?.email },
    });
    return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email };
  });
}

/**
 * Changes the caller's own password after checking the current one. A wrong current password is
 * a 401 with a fixed message (the web client treats this call's 401 as a form error).
 */
export async function changeOwnPassword(options: {
  db: Db;
  actor: AuthUser;
  id?: number;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  const { db, actor, currentPassword, newPassword } = options;
  const id = ownAccount(actor, options.id);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  if (!row) throw new AppError('not_found', USER_NOT_FOUND);
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new AppError('unauthenticated', SETTINGS_MESSAGES.currentPasswordIncorrect);
  }
  if (newPassword === currentPassword) {
    throw new AppError('bad_request', SETTINGS_MESSAGES.passwordMustDiffer, { new_password: [SETTINGS_MESSAGES.passwordMustDiffer] });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Every other session ends; the one that changed the password stays signed in.
    await changeUser(tx as unknown as Db, id, { passwordHash, ...endSessions(actor.jti), updatedAt: new Date() });
    await audit(tx as unknown as Db, { courierId: actor.courierId, actor, action: 'user.password_changed', entity: 'user', entityId: id });
  });
}
