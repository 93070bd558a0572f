import { type SQL, and, count, eq, ne, sql } from 'drizzle-orm';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import { STAFF_MESSAGES, type StaffMember, type staffCreateSchema, type staffUpdateSchema } from '@courier/shared/schemas/staff';
import { ROLE_LABELS, type Role } from '@courier/shared/constants/roles';
import { COURIER_WIDE_ROLES, ROLE_CEILING_MESSAGES, isCourierWide, staffChangeRefusal } from '@courier/shared/domain/role-ceiling';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { assertCourierRow, courierListCondition, courierScope } from '../../lib/courier-scope';
import { courierZoneColumn } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import { hashPassword } from '../../lib/passwords';
import { endSessions } from '../../lib/tokens';
import { accountRights, actorRights, grantedRights, otherActiveCourierAdmins, refuseIf } from '../../lib/role-ceiling';
import type { AuthUser } from '../../plugins/auth';

type CreateInput = z.output<typeof staffCreateSchema>;

/**
 * The role a person works under: their custom role, else for a courier-wide admin (who holds every
 * permission without one) their position's label.
 */
const roleNameSql = sql<string | null>`coalesce(${roles.name}, case ${users.role} ${sql.join(
  COURIER_WIDE_ROLES.map((role) => sql`when ${role} then ${ROLE_LABELS[role as Role]}`),
  sql` `,
)} end)`;
type UpdateInput = z.output<typeof staffUpdateSchema>;

const columns = {
  id: users.id,
  courierId: users.courierId,
  courierName: couriers.name,
  timeZone: courierZoneColumn,
  firstName: users.firstName,
  lastName: users.lastName,
  name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  email: users.email,
  phone: users.phone,
  role: users.role,
  roleId: users.roleId,
  roleName: roleNameSql,
  branchId: users.branchId,
  branchName: branches.name,
  active: users.active,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

const LIST_SPEC: ListSpec = {
  sortable: {
    name: sql`${users.lastName} || ' ' || ${users.firstName}`,
    email: users.email,
    role: users.role,
    roleName: roleNameSql,
    branchName: branches.name,
    courierName: couriers.name,
    active: users.active,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
  },
  searchable: [sql`${users.firstName} || ' ' || ${users.lastName}`, users.email, users.phone],
  filterable: {
    name: { column: sql`${users.firstName} || ' ' || ${users.lastName}`, kind: 'text' },
    email: { column: users.email, kind: 'text' },
    phone: { column: users.phone, kind: 'text' },
    role: { column: users.role, kind: 'exact' },
    roleName: { column: roleNameSql, kind: 'exact' },
    branchName: { column: branches.name, kind: 'exact' },
    courierName: { column: couriers.name, kind: 'exact' },
    active: { column: users.active, kind: 'boolean' },
  },
  defaultSort: { column: users.lastName, order: 'asc' },
  tieBreaker: users.id,
};

type Row = Omit<StaffMember, 'createdAt' | 'lastLoginAt'> & { createdAt: Date; lastLoginAt: Date | null };
function toStaff(row: Row): StaffMember {
  return { ...row, createdAt: row.createdAt.toISOString(), lastLoginAt: row.lastLoginAt?.toISOString() ?? null };
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(couriers, eq(couriers.id, users.courierId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(branches, eq(branches.id, users.branchId));
}

/** The super admin's own accounts are not staff of any courier and never listed here. */
const notSuperAdmin = ne(users.role, 'super_admin');

export async function listStaff(db: Db, user: AuthUser, query: ListQuery & { courierId?: number }): Promise<Page<StaffMember>> {
  const clauses = listClauses(query, LIST_SPEC, [notSuperAdmin, courierListCondition(user, users.courierId, query.courierId)]);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await baseQuery(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map((r) => toStaff(r as Row)),
    count: async (where: SQL | undefined) => {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(couriers, eq(couriers.id, users.courierId))
        .leftJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(branches, eq(branches.id, users.branchId))
        .where(where);
      return row?.n ?? 0;
    },
  });
}

export async function getStaff(db: Db, user: AuthUser, id: number): Promise<StaffMember> {
  const [row] = await baseQuery(db).where(and(eq(users.id, id), notSuperAdmin));
  return toStaff(assertCourierRow(user, row as Row | undefined, STAFF_MESSAGES.notFound));
}

/**
 * Courier admins run their courier; a staff member with staff_* rights manages branch managers
 * and staff, not the admins above them. Only the super admin makes someone a courier admin.
 */
function assertMayManage(actor: AuthUser, targetRole: string) {
  if (!isCourierWide(targetRole)) return;
  if (actor.role === 'super_admin' || isCourierWide(actor.role)) return;
  throw new AppError('forbidden', ROLE_CEILING_MESSAGES.targetAbove);
}
function assertMayAssign(actor: AuthUser, role: string) {
  if (role === 'courier_admin' && actor.role !== 'super_admin')
    throw new AppError('forbidden', ROLE_CEILING_MESSAGES.courierAdminBySuperAdmin);
}

/**
 * The role ceiling: the account acted on may not hold more than the caller, the rights it gets may
 * not exceed the caller's, nobody changes their own, and the last courier admin stays one.
 */
async function assertWithinCeiling(
  db: Db,
  actor: AuthUser,
  change: { targetId?: number; courierId: number; next?: { role: string; roleId?: number | null }; deactivate?: boolean },
) {
  const target = change.targetId === undefined ? undefined : await accountRights(db, change.targetId);
  const next =
    change.next &&
    (await grantedRights(db, change.courierId, change.next.role, noPermissionRole(change.next.role) ? null : change.next.roleId));
  refuseIf(
    staffChangeRefusal({
      actor: await actorRights(db, actor),
      target,
      next,
      deactivate: change.deactivate,
      otherActiveCourierAdmins: target ? await otherActiveCourierAdmins(db, target.courierId, target.id) : 0,
    }),
  );
}

/** A courier admin holds every permission and the US agent none: neither has a permission role. */
const noPermissionRole = (role: string) => role === 'courier_admin' || role === 'agent';

async function checkRoleAndBranch(db: Db, courierId: number, input: { role: string; roleId?: number | null; branchId?: number | null }) {
  if (input.roleId) {
    const [r] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, input.roleId), eq(roles.courierId, courierId)));
    if (!r) throw new AppError('bad_request', STAFF_MESSAGES.roleNotFound, { roleId: [STAFF_MESSAGES.roleNotFound] });
  }
  if (input.branchId) {
    const [b] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, input.branchId), eq(branches.courierId, courierId)));
    if (!b) throw new AppError('bad_request', STAFF_MESSAGES.branchNotFound, { branchId: [STAFF_MESSAGES.branchNotFound] });
  }
}

async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const conditions = [eq(users.email, email)];
  if (exceptId) conditions.push(ne(users.id, exceptId));
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
  if (clash) throw new AppError('conflict', STAFF_MESSAGES.emailTaken, { email: [STAFF_MESSAGES.emailTaken] });
}

export async function createStaff(db: Db, user: AuthUser, input: CreateInput): Promise<StaffMember> {
  const courierId = courierScope(user, input.courierId);
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw new AppError('not_found', 'Courier not found');
  await checkRoleAndBranch(db, courierId, input);
  await assertWithinCeiling(db, user, { courierId, next: input });
  assertMayAssign(user, input.role);
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        courierId,
        role: input.role,
        roleId: noPermissionRole(input.role) ? null : (input.roleId ?? null),
        branchId: input.role === 'agent' ? null : (input.branchId ?? null),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone ?? null,
        passwordHash,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('User insert returned nothing');
    await audit(tx as unknown as Db, {
      courierId,
      actor: user,
      action: 'staff.created',
      entity: 'user',
      entityId: row.id,
      details: { email: input.email, role: input.role, roleId: input.roleId ?? null, branchId: input.branchId ?? null },
    });
    return row.id;
  });
  return getStaff(db, user, id);
}

export async function updateStaff(db: Db, user: AuthUser, id: number, input: UpdateInput): Promise<StaffMember> {
  const existing = await getStaff(db, user, id);
  const courierId = existing.courierId;
  if (courierId === null) throw new AppError('not_found', STAFF_MESSAGES.notFound);
  await checkRoleAndBranch(db, courierId, input);
  await assertWithinCeiling(db, user, { targetId: id, courierId, next: input });
  assertMayManage(user, existing.role);
  if (input.role !== existing.role) assertMayAssign(user, input.role);
  await assertEmailFree(db, input.email, id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone ?? null,
        role: input.role,
        roleId: noPermissionRole(input.role) ? null : (input.roleId ?? null),
        branchId: input.branchId ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, id), eq(users.courierId, courierId)));
    await audit(tx as unknown as Db, {
      courierId,
      actor: user,
      action: 'staff.updated',
      entity: 'user',
      entityId: id,
      details: {
        before: { role: existing.role, roleId: existing.roleId, branchId: existing.branchId },
        after: {
          role: input.role,
          roleId: noPermissionRole(input.role) ? null : (input.roleId ?? null),
          branchId: input.role === 'agent' ? null : (input.branchId ?? null),
        },
      },
    });
  });
  return getStaff(db, user, id);
}

export async function setStaffActive(db: Db, user: AuthUser, id: number, active: boolean): Promise<StaffMember> {
  const existing = await getStaff(db, user, id);
  assertMayManage(user, existing.role);
  if (!active && id === user.id && user.kind === 'user') throw new AppError('bad_request', STAFF_MESSAGES.cannotChangeSelf);
  if (existing.courierId !== null)
    await assertWithinCeiling(db, user, { targetId: id, courierId: existing.courierId, deactivate: !active });
  await db.transaction(async (tx) => {
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, id));
    await audit(tx as unknown as Db, {
      courierId: existing.courierId,
      actor: user,
      action: active ? 'staff.activated' : 'staff.deactivated',
      entity: 'user',
      entityId: id,
    });
  });
  return getStaff(db, user, id);
}

export async function resetStaffPassword(db: Db, user: AuthUser, id: number, password: string): Promise<void> {
  const existing = await getStaff(db, user, id);
  assertMayManage(user, existing.role);
  if (existing.courierId !== null) await assertWithinCeiling(db, user, { targetId: id, courierId: existing.courierId });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // The person's sessions end (whoever knew the old password is signed out); an admin resetting
    // their own keeps the session they did it from.
    const keep = user.kind === 'user' && user.id === id ? user.jti : undefined;
    await tx
      .update(users)
      .set({ passwordHash, ...endSessions(keep), updatedAt: new Date() })
      .where(eq(users.id, id));
    await audit(tx as unknown as Db, {
      courierId: existing.courierId,
      actor: user,
      action: 'staff.password_reset',
      entity: 'user',
      entityId: id,
    });
  });
}
