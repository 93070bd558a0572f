import { randomBytes } from 'node:crypto';
import { type SQL, and, count, eq, ne, sql } from 'drizzle-orm';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import {
  type CourierDetail,
  type CourierSummary,
  PLATFORM_MESSAGES,
  type courierCreateSchema,
  type courierUpdateSchema,
} from '@courier/shared/schemas/platform';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { users } from '../../db/schema/users';
import { type AuditEntry, audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import { hashPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import { defaultExchangeRate } from './platform-settings.service';
import { startCourierFees, startCourierRates } from '../settings/index';
import { changeCourier, insertCourier } from '../couriers/index';
import { createDefaultRoles } from '../roles/index';
import { insertUser } from '../staff/index';

type CreateInput = z.output<typeof courierCreateSchema>;
type UpdateInput = z.output<typeof courierUpdateSchema>;

// Subqueries name their tables in plain SQL: drizzle leaves columns unqualified in a single-table
// select, which would bind them to the inner table.
const customerCount = sql<number>`(select count(*)::int from customers c where c.courier_id = couriers.id)`;
const staffCount = sql<number>`(select count(*)::int from users u where u.courier_id = couriers.id)`;

const summaryColumns = {
  id: couriers.id,
  name: couriers.name,
  code: couriers.code,
  status: couriers.status,
  email: couriers.email,
  phone: couriers.phone,
  logoUrl: couriers.logoUrl,
  customerCount,
  staffCount,
  timeZone: couriers.timeZone,
  paymentTestMode: couriers.paymentTestMode,
  createdAt: couriers.createdAt,
};

const LIST_SPEC: ListSpec = {
  sortable: { name: couriers.name, code: couriers.code, status: couriers.status, createdAt: couriers.createdAt, customerCount, staffCount },
  searchable: [couriers.name, couriers.code, couriers.email, couriers.phone],
  filterable: {
    name: { column: couriers.name, kind: 'text' },
    code: { column: couriers.code, kind: 'text' },
    status: { column: couriers.status, kind: 'exact' },
    paymentTestMode: { column: couriers.paymentTestMode, kind: 'boolean' },
    email: { column: couriers.email, kind: 'text' },
    phone: { column: couriers.phone, kind: 'text' },
  },
  defaultSort: { column: couriers.name, order: 'asc' },
  tieBreaker: couriers.id,
};

type SummaryRow = Omit<CourierSummary, 'createdAt'> & { createdAt: Date };
const toSummary = (row: SummaryRow): CourierSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

/** A fresh tenant api key: 24 random bytes, url-safe, never derived from anything guessable. */
export function newApiKey(): string {
  return `ck_${randomBytes(24).toString('base64url')}`;
}

export async function listCouriers(db: Db, query: ListQuery): Promise<Page<CourierSummary>> {
  const clauses = listClauses(query, LIST_SPEC);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await db
          .select(summaryColumns)
          .from(couriers)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toSummary),
    count: async (where: SQL | undefined) => {
      const [row] = await db.select({ n: count() }).from(couriers).where(where);
      return row?.n ?? 0;
    },
  });
}

export async function courierOptions(db: Db) {
  return db.select({ id: couriers.id, name: couriers.name, code: couriers.code }).from(couriers).orderBy(couriers.name);
}

export async function getCourierDetail(db: Db, id: number): Promise<CourierDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      apiKey: couriers.apiKey,
      contactFirstName: couriers.contactFirstName,
      contactLastName: couriers.contactLastName,
      allowInsecureSmtp: couriers.smtpAllowInsecure,
      branchCount: sql<number>`(select count(*)::int from branches b where b.courier_id = couriers.id)`,
      roleCount: sql<number>`(select count(*)::int from roles r where r.courier_id = couriers.id)`,
      businessCustomerCount: sql<number>`(select count(*)::int from customers c where c.courier_id = couriers.id and c.account_type = 'business')`,
    })
    .from(couriers)
    .where(eq(couriers.id, id));
  if (!row) throw new AppError('not_found', PLATFORM_MESSAGES.courierNotFound);
  const admins = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.courierId, id), eq(users.role, 'courier_admin')))
    .orderBy(users.lastName);
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    admins: admins.map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`, email: a.email, active: a.active })),
  };
}

async function assertCodeFree(db: Db, code: string, exceptId?: number) {
  const conditions = [sql`upper(${couriers.code}) = ${code}`];
  if (exceptId) conditions.push(ne(couriers.id, exceptId));
  const [clash] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(and(...conditions));
  if (clash) throw new AppError('conflict', PLATFORM_MESSAGES.codeTaken, { code: [PLATFORM_MESSAGES.codeTaken] });
}

/**
 * A new tenant ready to work: the courier, its first courier admin, the two default roles, the
 * default rate table and the default fee book, all in one transaction. `user` is the super admin who creates it, or null
 * when an accepted invitation does (the invitee is not signed in yet).
 */
export async function createCourier(db: Db, user: AuditEntry['actor'], input: CreateInput): Promise<CourierDetail> {
  await assertCodeFree(db, input.code);
  const [emailClash] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.admin.email));
  if (emailClash) throw new AppError('conflict', PLATFORM_MESSAGES.emailTaken, { 'admin.email': [PLATFORM_MESSAGES.emailTaken] });
  const passwordHash = await hashPassword(input.admin.password);
  const exchangeRate = await defaultExchangeRate(db);
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const courierId = await insertCourier(t, {
      name: input.name,
      code: input.code,
      apiKey: newApiKey(),
      email: input.email ?? null,
      phone: input.phone ?? null,
      contactFirstName: input.contactFirstName ?? input.admin.firstName,
      contactLastName: input.contactLastName ?? input.admin.lastName,
      exchangeRate,
    });
    await insertUser(t, {
      courierId,
      role: 'courier_admin',
      firstName: input.admin.firstName,
      lastName: input.admin.lastName,
      email: input.admin.email,
      passwordHash,
    });
    await createDefaultRoles(t, courierId);
    await startCourierRates(t, courierId);
    // Every fee and tax from the first invoice; the courier reviews them on its set-up checklist.
    await startCourierFees(t, courierId);
    await audit(t, {
      courierId,
      actor: user,
      action: 'courier.created',
      entity: 'courier',
      entityId: courierId,
      details: { name: input.name, code: input.code, adminEmail: input.admin.email },
    });
    return courierId;
  });
  return getCourierDetail(db, id);
}

export async function updateCourier(db: Db, user: AuthUser, id: number, input: UpdateInput): Promise<CourierDetail> {
  await getCourierDetail(db, id);
  await assertCodeFree(db, input.code, id);
  await db.transaction(async (tx) => {
    await changeCourier(tx as unknown as Db, id, {
      name: input.name,
      code: input.code,
      email: input.email ?? null,
      phone: input.phone ?? null,
      contactFirstName: input.contactFirstName ?? null,
      contactLastName: input.contactLastName ?? null,
      updatedAt: new Date(),
    });
    await audit(tx as unknown as Db, {
      courierId: id,
      actor: user,
      action: 'courier.updated',
      entity: 'courier',
      entityId: id,
      details: { ...input },
    });
  });
  return getCourierDetail(db, id);
}

/** A suspended courier's people cannot sign in or call the API (the auth plugin checks the status). */
export async function setCourierStatus(db: Db, user: AuthUser, id: number, status: 'active' | 'suspended'): Promise<CourierDetail> {
  await getCourierDetail(db, id);
  await db.transaction(async (tx) => {
    await changeCourier(tx as unknown as Db, id, { status, updatedAt: new Date() });
    await audit(tx as unknown as Db, {
      courierId: id,
      actor: user,
      action: status === 'active' ? 'courier.activated' : 'courier.suspended',
      entity: 'courier',
      entityId: id,
    });
  });
  return getCourierDetail(db, id);
}

export async function rotateApiKey(db: Db, user: AuthUser, id: number): Promise<CourierDetail> {
  await getCourierDetail(db, id);
  await db.transaction(async (tx) => {
    await changeCourier(tx as unknown as Db, id, { apiKey: newApiKey(), updatedAt: new Date() });
    await audit(tx as unknown as Db, { courierId: id, actor: user, action: 'courier.api_key_rotated', entity: 'courier', entityId: id });
  });
  return getCourierDetail(db, id);
}

/**
 * Lets a courier's SMTP run without TLS and certificate checks (an old server on a private
 * network), or requires them again. Only the super admin can: the courier's own admins cannot.
 */
export async function setCourierSmtpSecurity(db: Db, user: AuthUser, id: number, allowInsecureSmtp: boolean): Promise<CourierDetail> {
  await getCourierDetail(db, id);
  await db.transaction(async (tx) => {
    await changeCourier(tx as unknown as Db, id, { smtpAllowInsecure: allowInsecureSmtp, updatedAt: new Date() });
    await audit(tx as unknown as Db, {
      courierId: id,
      actor: user,
      action: allowInsecureSmtp ? 'courier.smtp_insecure_allowed' : 'courier.smtp_tls_required',
      entity: 'courier',
      entityId: id,
    });
  });
  return getCourierDetail(db, id);
}

/**
 * Test mode: the courier's customers pay on the test gateway (the simulator), nothing is charged
 * and every payment says TEST. Only the super admin switches it; a new courier starts live.
 */
export async function setCourierPaymentTestMode(db: Db, user: AuthUser, id: number, paymentTestMode: boolean): Promise<CourierDetail> {
  const before = await getCourierDetail(db, id);
  if (before.paymentTestMode !== paymentTestMode) {
    await db.transaction(async (tx) => {
      // Live again: its clock is real time again, and a later test starts from today.
      const clock = paymentTestMode ? {} : { testClockDays: 0 };
      await changeCourier(tx as unknown as Db, id, { paymentTestMode, ...clock, updatedAt: new Date() });
      await audit(tx as unknown as Db, {
        courierId: id,
        actor: user,
        action: paymentTestMode ? 'courier.payment_test_mode_on' : 'courier.payment_test_mode_off',
        entity: 'courier',
        entityId: id,
        details: {
          before: { paymentTestMode: before.paymentTestMode },
          after: { paymentTestMode },
          mode: paymentTestMode ? 'TEST' : 'live',
        },
      });
    });
  }
  return getCourierDetail(db, id);
}
