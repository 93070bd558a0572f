import { type SQL, and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_BRANCH_MANAGER_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS } from '@courier/shared/constants/permissions';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import { ROLE_MESSAGES, type RoleRecord, type roleInputSchema } from '@courier/shared/schemas/roles';
import { roleChangeRefusal } from '@courier/shared/domain/role-ceiling';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { roles } from '../../db/schema/roles';
import { audit } from '../../lib/audit';
import { assertCourierRow, courierListCondition, courierScope } from '../../lib/courier-scope';
import { courierZoneColumn } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import { actorRights, refuseIf } from '../../lib/role-ceiling';
import type { AuthUser } from '../../plugins/auth';

type RoleInput = z.output<typeof roleInputSchema>;

const staffCount = sql<number>`(select count(*)::int from users u where u.role_id = roles.id)`;
const columns = {
  id: roles.id,
  courierId: roles.courierId,
  courierName: couriers.name,
  timeZone: courierZoneColumn,
  name: roles.name,
  description: roles.description,
  permissions: roles.permissions,
  staffCount,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};

const LIST_SPEC: ListSpec = {
  sortable: { name: roles.name, courierName: couriers.name, createdAt: roles.createdAt, updatedAt: roles.updatedAt },
  searchable: [roles.name, roles.description],
  filterable: {
    name: { column: roles.name, kind: 'text' },
    description: { column: roles.description, kind: 'text' },
    courierName: { column: couriers.name, kind: 'exact' },
  },
  defaultSort: { column: roles.name, order: 'asc' },
  tieBreaker: roles.id,
};

function toRole(row: Omit<RoleRecord, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }): RoleRecord {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listRoles(db: Db, user: AuthUser, query: ListQuery & { courierId?: number }): Promise<Page<RoleRecord>> {
  const clauses = listClauses(query, LIST_SPEC, [courierListCondition(user, roles.courierId, query.courierId)]);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await db
          .select(columns)
          .from(roles)
          .innerJoin(couriers, eq(couriers.id, roles.courierId))
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toRole),
    count: async (where: SQL | undefined) => {
      const [row] = await db.select({ n: count() }).from(roles).innerJoin(couriers, eq(couriers.id, roles.courierId)).where(where);
      return row?.n ?? 0;
    },
  });
}

export async function roleOptions(db: Db, user: AuthUser, courierId?: number) {
  const scope = courierScope(user, courierId);
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.courierId, scope)).orderBy(asc(roles.name));
}

export async function getRole(db: Db, user: AuthUser, id: number): Promise<RoleRecord> {
  const [row] = await db.select(columns).from(roles).innerJoin(couriers, eq(couriers.id, roles.courierId)).where(eq(roles.id, id));
  return toRole(assertCourierRow(user, row, ROLE_MESSAGES.notFound));
}

async function assertNameFree(db: Db, courierId: number, name: string, exceptId?: number) {
  const conditions = [eq(roles.courierId, courierId), sql`lower(${roles.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(roles.id, exceptId));
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conditions));
  if (clash) throw new AppError('conflict', ROLE_MESSAGES.nameTaken, { name: [ROLE_MESSAGES.nameTaken] });
}

export async function createRole(db: Db, user: AuthUser, input: RoleInput): Promise<RoleRecord> {
  const courierId = courierScope(user, input.courierId);
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw new AppError('not_found', 'Courier not found');
  refuseIf(roleChangeRefusal({ actor: await actorRights(db, user), nextPermissions: input.permissions }));
  await assertNameFree(db, courierId, input.name);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ courierId, name: input.name, description: input.description ?? null, permissions: input.permissions })
      .returning({ id: roles.id });
    if (!row) throw new Error('Role insert returned nothing');
    await audit(tx as unknown as Db, {
      courierId,
      actor: user,
      action: 'role.created',
      entity: 'role',
      entityId: row.id,
      details: { name: input.name, permissions: input.permissions },
    });
    return row.id;
  });
  return getRole(db, user, id);
}

export async function updateRole(db: Db, user: AuthUser, id: number, input: RoleInput): Promise<RoleRecord> {
  const existing = await getRole(db, user, id);
  refuseIf(roleChangeRefusal({ actor: await actorRights(db, user), role: existing, nextPermissions: input.permissions }));
  await assertNameFree(db, existing.courierId, input.name, id);
  await db.transaction(async (tx) => {
    await tx
      .update(roles)
      .set({ name: input.name, description: input.description ?? null, permissions: input.permissions, updatedAt: new Date() })
      .where(and(eq(roles.id, id), eq(roles.courierId, existing.courierId)));
    await audit(tx as unknown as Db, {
      courierId: existing.courierId,
      actor: user,
      action: 'role.updated',
      entity: 'role',
      entityId: id,
      details: {
        before: { name: existing.name, permissions: existing.permissions },
        after: { name: input.name, permissions: input.permissions },
      },
    });
  });
  return getRole(db, user, id);
}

export async function deleteRole(db: Db, user: AuthUser, id: number): Promise<void> {
  const existing = await getRole(db, user, id);
  refuseIf(roleChangeRefusal({ actor: await actorRights(db, user), role: existing }));
  if (existing.staffCount > 0) throw new AppError('conflict', ROLE_MESSAGES.inUse);
  await db.transaction(async (tx) => {
    await tx.delete(roles).where(and(eq(roles.id, id), eq(roles.courierId, existing.courierId)));
    await audit(tx as unknown as Db, {
      courierId: existing.courierId,
      actor: user,
      action: 'role.deleted',
      entity: 'role',
      entityId: id,
      details: { name: existing.name },
    });
  });
}

/** A new courier's two roles, Branch Manager and Staff; run inside the transaction that makes the courier. */
export async function createDefaultRoles(db: Db, courierId: number): Promise<void> {
  await db.insert(roles).values([
    { courierId, name: 'Branch Manager', description: 'Runs a branch', permissions: [...DEFAULT_BRANCH_MANAGER_PERMISSIONS] },
    { courierId, name: 'Staff', description: 'Counter and warehouse staff', permissions: [...DEFAULT_STAFF_PERMISSIONS] },
  ]);
}
