import { type SQL, and, asc, count, eq, sql } from 'drizzle-orm';
import { type Branch, BRANCH_MESSAGES, type BranchOption, type branchInputSchema } from '@courier/shared/schemas/branches';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { courierZoneColumn } from '../../lib/courier-zone';
import { audit } from '../../lib/audit';
import { assertCourierRow, courierListCondition, courierScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';

type BranchInput = z.output<typeof branchInputSchema>;

const staffCount = sql<number>`(select count(*)::int from users u where u.branch_id = branches.id)`;
const customerCount = sql<number>`(select count(*)::int from customers c where c.branch_id = branches.id)`;

const columns = {
  id: branches.id,
  courierId: branches.courierId,
  courierName: couriers.name,
  timeZone: courierZoneColumn,
  name: branches.name,
  code: branches.code,
  address: branches.address,
  parish: branches.parish,
  phone: branches.phone,
  hours: branches.hours,
  active: branches.active,
  staffCount,
  customerCount,
  createdAt: branches.createdAt,
};

const LIST_SPEC: ListSpec = {
  sortable: {
    name: branches.name,
    code: branches.code,
    parish: branches.parish,
    active: branches.active,
    courierName: couriers.name,
    createdAt: branches.createdAt,
  },
  searchable: [branches.name, branches.code, branches.address, branches.parish, branches.phone],
  filterable: {
    name: { column: branches.name, kind: 'text' },
    code: { column: branches.code, kind: 'text' },
    parish: { column: branches.parish, kind: 'exact' },
    phone: { column: branches.phone, kind: 'text' },
    active: { column: branches.active, kind: 'boolean' },
    courierName: { column: couriers.name, kind: 'exact' },
  },
  defaultSort: { column: branches.name, order: 'asc' },
  tieBreaker: branches.id,
};

function toBranch(row: Omit<Branch, 'createdAt'> & { createdAt: Date }): Branch {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listBranches(db: Db, user: AuthUser, query: ListQuery & { courierId?: number }): Promise<Page<Branch>> {
  const clauses = listClauses(query, LIST_SPEC, [courierListCondition(user, branches.courierId, query.courierId)]);
  return listPage(query, clauses, {
    rows: async (c) => {
      const rows = await db
        .select(columns)
        .from(branches)
        .innerJoin(couriers, eq(couriers.id, branches.courierId))
        .where(c.where)
        .orderBy(...c.orderBy)
        .limit(c.limit)
        .offset(c.offset);
      return rows.map(toBranch);
    },
    count: async (where: SQL | undefined) => {
      const [row] = await db.select({ n: count() }).from(branches).innerJoin(couriers, eq(couriers.id, branches.courierId)).where(where);
      return row?.n ?? 0;
    },
  });
}

/** Every branch of one courier, for pickers; the super admin names the courier. */
export async function branchOptions(db: Db, user: AuthUser, courierId?: number): Promise<BranchOption[]> {
  const scope = courierScope(user, courierId);
  return db
    .select({ id: branches.id, name: branches.name, active: branches.active })
    .from(branches)
    .where(eq(branches.courierId, scope))
    .orderBy(asc(branches.name));
}

export async function getBranch(db: Db, user: AuthUser, id: number): Promise<Branch> {
  const [row] = await db.select(columns).from(branches).innerJoin(couriers, eq(couriers.id, branches.courierId)).where(eq(branches.id, id));
  return toBranch(assertCourierRow(user, row, BRANCH_MESSAGES.notFound));
}

function values(input: BranchInput) {
  return {
    name: input.name,
    code: input.code ?? null,
    address: input.address ?? null,
    parish: input.parish ?? null,
    phone: input.phone ?? null,
    hours: input.hours ?? null,
    active: input.active ?? true,
  };
}

export async function createBranch(db: Db, user: AuthUser, input: BranchInput): Promise<Branch> {
  const courierId = courierScope(user, input.courierId);
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, courierId));
  if (!courier) throw new AppError('not_found', 'Courier not found');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(branches)
      .values({ courierId, ...values(input) })
      .returning({ id: branches.id });
    if (!row) throw new Error('Branch insert returned nothing');
    await audit(tx as unknown as Db, {
      courierId,
      actor: user,
      action: 'branch.created',
      entity: 'branch',
      entityId: row.id,
      details: { name: input.name },
    });
    return row.id;
  });
  return getBranch(db, user, id);
}

export async function updateBranch(db: Db, user: AuthUser, id: number, input: BranchInput): Promise<Branch> {
  const existing = await getBranch(db, user, id);
  await db.transaction(async (tx) => {
    await tx
      .update(branches)
      .set(values({ ...input, active: input.active ?? existing.active }))
      .where(and(eq(branches.id, id), eq(branches.courierId, existing.courierId)));
    await audit(tx as unknown as Db, {
      courierId: existing.courierId,
      actor: user,
      action: 'branch.updated',
      entity: 'branch',
      entityId: id,
      details: { name: input.name },
    });
  });
  return getBranch(db, user, id);
}

/** A branch with people attached cannot go: their records point at it. Deactivate it instead. */
export async function deleteBranch(db: Db, user: AuthUser, id: number): Promise<void> {
  const existing = await getBranch(db, user, id);
  if (existing.staffCount > 0 || existing.customerCount > 0) throw new AppError('conflict', BRANCH_MESSAGES.inUse);
  try {
    await db.transaction(async (tx) => {
      await tx.delete(branches).where(and(eq(branches.id, id), eq(branches.courierId, existing.courierId)));
      await audit(tx as unknown as Db, {
        courierId: existing.courierId,
        actor: user,
        action: 'branch.deleted',
        entity: 'branch',
        entityId: id,
        details: { name: existing.name },
      });
    });
  } catch (error) {
    // Other records (packages, invoices, ...) may reference the branch: a foreign key refuses.
    if (isForeignKeyViolation(error)) throw new AppError('conflict', BRANCH_MESSAGES.inUse);
    throw error;
  }
}

export function isForeignKeyViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && e !== null && 'code' in e && (e as { code?: unknown }).code === '23503') return true;
    e = typeof e === 'object' && e !== null && 'cause' in e ? (e as { cause?: unknown }).cause : undefined;
  }
  return false;
}
