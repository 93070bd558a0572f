import { type SQL, and, count, eq, ne, sql } from 'drizzle-orm';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import { CUSTOMER_ADMIN_MESSAGES, type CustomerRecord, type customerUpdateSchema } from '@courier/shared/schemas/customers';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { audit } from '../../lib/audit';
import { assertCourierRow, courierListCondition } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { publish } from '../../lib/domain-events';

type UpdateInput = z.output<typeof customerUpdateSchema>;
/** `business` narrows to business accounts (the Business Customers screens). */
export type CustomerKind = 'all' | 'business';

const fullName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;
const columns = {
  id: customers.id,
  courierId: customers.courierId,
  courierName: couriers.name,
  mailboxNumber: customers.mailboxNumber,
  accountType: customers.accountType,
  businessName: customers.businessName,
  title: customers.title,
  firstName: customers.firstName,
  lastName: customers.lastName,
  name: fullName,
  email: customers.email,
  phone: customers.phone,
  trn: customers.trn,
  address: customers.address,
  parish: customers.parish,
  city: customers.city,
  branchId: customers.branchId,
  branchName: branches.name,
  active: customers.active,
  lastLoginAt: customers.lastLoginAt,
  createdAt: customers.createdAt,
};

const LIST_SPEC: ListSpec = {
  sortable: {
    mailboxNumber: customers.mailboxNumber,
    name: sql`${customers.lastName} || ' ' || ${customers.firstName}`,
    businessName: customers.businessName,
    email: customers.email,
    accountType: customers.accountType,
    parish: customers.parish,
    branchName: branches.name,
    courierName: couriers.name,
    active: customers.active,
    createdAt: customers.createdAt,
  },
  searchable: [customers.mailboxNumber, fullName, customers.businessName, customers.email, customers.phone, customers.trn],
  filterable: {
    mailboxNumber: { column: customers.mailboxNumber, kind: 'text' },
    name: { column: fullName, kind: 'text' },
    businessName: { column: customers.businessName, kind: 'text' },
    email: { column: customers.email, kind: 'text' },
    phone: { column: customers.phone, kind: 'text' },
    accountType: { column: customers.accountType, kind: 'exact' },
    parish: { column: customers.parish, kind: 'exact' },
    branchName: { column: branches.name, kind: 'exact' },
    courierName: { column: couriers.name, kind: 'exact' },
    active: { column: customers.active, kind: 'boolean' },
  },
  defaultSort: { column: customers.createdAt, order: 'desc' },
  tieBreaker: customers.id,
};

type Row = Omit<CustomerRecord, 'createdAt' | 'lastLoginAt'> & { createdAt: Date; lastLoginAt: Date | null };
function toCustomer(row: Row): CustomerRecord {
  return { ...row, createdAt: row.createdAt.toISOString(), lastLoginAt: row.lastLoginAt?.toISOString() ?? null };
}

const kindCondition = (kind: CustomerKind) => (kind === 'business' ? eq(customers.accountType, 'business') : undefined);

function selectCustomers(db: Db) {
  return db
    .select(columns)
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .leftJoin(branches, eq(branches.id, customers.branchId));
}

export async function listCustomers(
  db: Db,
  user: AuthUser,
  kind: CustomerKind,
  query: ListQuery & { courierId?: number },
): Promise<Page<CustomerRecord>> {
  const clauses = listClauses(query, LIST_SPEC, [courierListCondition(user, customers.courierId, query.courierId), kindCondition(kind)]);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await selectCustomers(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map((r) => toCustomer(r as Row)),
    count: async (where: SQL | undefined) => {
      const [row] = await db
        .select({ n: count() })
        .from(customers)
        .innerJoin(couriers, eq(couriers.id, customers.courierId))
        .leftJoin(branches, eq(branches.id, customers.branchId))
        .where(where);
      return row?.n ?? 0;
    },
  });
}

export async function getCustomer(db: Db, user: AuthUser, kind: CustomerKind, id: number): Promise<CustomerRecord> {
  const [row] = await selectCustomers(db).where(and(eq(customers.id, id), kindCondition(kind)));
  return toCustomer(assertCourierRow(user, row as Row | undefined, CUSTOMER_ADMIN_MESSAGES.notFound));
}

export async function updateCustomer(
  db: Db,
  user: AuthUser,
  kind: CustomerKind,
  id: number,
  input: UpdateInput,
  mailer: Mailer,
): Promise<CustomerRecord> {
  const existing = await getCustomer(db, user, kind, id);
  if (input.branchId) {
    const [b] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, input.branchId), eq(branches.courierId, existing.courierId)));
    if (!b)
      throw new AppError('bad_request', CUSTOMER_ADMIN_MESSAGES.branchNotFound, { branchId: [CUSTOMER_ADMIN_MESSAGES.branchNotFound] });
  }
  const [clash] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.courierId, existing.courierId), eq(customers.email, input.email), ne(customers.id, id)));
  if (clash) throw new AppError('conflict', CUSTOMER_ADMIN_MESSAGES.emailTaken, { email: [CUSTOMER_ADMIN_MESSAGES.emailTaken] });
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        accountType: input.accountType,
        businessName: input.accountType === 'business' ? (input.businessName ?? null) : null,
        title: input.title ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone ?? null,
        trn: input.trn ?? null,
        address: input.address ?? null,
        parish: input.parish ?? null,
        city: input.city ?? null,
        branchId: input.branchId ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(customers.id, id), eq(customers.courierId, existing.courierId)));
    await audit(tx as unknown as Db, {
      courierId: existing.courierId,
      actor: user,
      action: 'customer.updated',
      entity: 'customer',
      entityId: id,
      details: { email: input.email, accountType: input.accountType, branchId: input.branchId ?? null },
    });
    if (input.branchId && input.branchId !== existing.branchId)
      await publish({ db: tx as unknown as Db, mailer }, existing.courierId, 'customer.branch_changed', {
        customerId: id,
        branchId: input.branchId,
        userId: user.kind === 'user' ? user.id : null,
      });
  });
  return getCustomer(db, user, 'all', id);
}

export async function setCustomerActive(db: Db, user: AuthUser, kind: CustomerKind, id: number, active: boolean): Promise<CustomerRecord> {
  const existing = await getCustomer(db, user, kind, id);
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ active, updatedAt: new Date() })
      .where(and(eq(customers.id, id), eq(customers.courierId, existing.courierId)));
    await audit(tx as unknown as Db, {
      courierId: existing.courierId,
      actor: user,
      action: active ? 'customer.activated' : 'customer.deactivated',
      entity: 'customer',
      entityId: id,
    });
  });
  return getCustomer(db, user, kind, id);
}
