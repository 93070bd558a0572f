import { and, count, eq, inArray, ne } from 'drizzle-orm';
import {
  COURIER_WIDE_ROLES,
  type CeilingRefusal,
  ROLE_CEILING_MESSAGES,
  type Rights,
  effectivePermissionsOf,
} from '@courier/shared/domain/role-ceiling';
import type { Db } from '../db/client';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import type { AuthUser } from '../plugins/auth';
import { AppError } from './errors';

/**
 * The facts the role ceiling (shared/domain/role-ceiling) decides on, read from the database,
 * and the 403 it answers with.
 */

export function refuseIf(refusal: CeilingRefusal | null): void {
  if (refusal) throw new AppError('forbidden', ROLE_CEILING_MESSAGES[refusal]);
}

/** The caller's rights, with the custom role they hold (their own permissions). */
export async function actorRights(db: Db, actor: AuthUser): Promise<Rights & { id: number }> {
  let roleId: number | null = null;
  if (actor.kind === 'user') {
    const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, actor.id));
    roleId = row?.roleId ?? null;
  }
  return { id: actor.id, role: actor.role, roleId, permissions: actor.permissions };
}

/** The rights a role kind with a custom role of the courier gives (the role's list; every permission for admins). */
export async function grantedRights(db: Db, courierId: number, role: string, roleId: number | null | undefined): Promise<Rights> {
  let rolePermissions: string[] = [];
  if (roleId) {
    const [row] = await db
      .select({ permissions: roles.permissions })
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.courierId, courierId)));
    rolePermissions = row?.permissions ?? [];
  }
  return { role, roleId: roleId ?? null, permissions: effectivePermissionsOf(role, rolePermissions) };
}

/** A staff-side account's current rights and state. */
export async function accountRights(db: Db, id: number): Promise<Rights & { id: number; active: boolean; courierId: number | null }> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      roleId: users.roleId,
      active: users.active,
      courierId: users.courierId,
      rolePermissions: roles.permissions,
    })
    .from(users)
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.courierId, users.courierId)))
    .where(eq(users.id, id));
  if (!row) throw new AppError('not_found', 'User not found');
  return { ...row, permissions: effectivePermissionsOf(row.role, row.rolePermissions) };
}

/** Active courier-wide admins of the courier other than the given account. */
export async function otherActiveCourierAdmins(db: Db, courierId: number | null, exceptId: number): Promise<number> {
  if (courierId === null) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.courierId, courierId),
        eq(users.active, true),
        inArray(users.role, COURIER_WIDE_ROLES as Array<(typeof users.role.enumValues)[number]>),
        ne(users.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}
