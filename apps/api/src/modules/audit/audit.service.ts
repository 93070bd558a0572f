import { type SQL, count, eq, gte, lt, sql } from 'drizzle-orm';
import { csvDateTime, dayBoundsInZone } from '@courier/shared/domain/datetime';
import type { AuditEntry, AuditListQuery } from '@courier/shared/schemas/audit';
import type { Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { courierTimeZone, courierZoneColumn } from '../../lib/courier-zone';
import { listClauses, listPage } from '../../lib/list-query';
import { toCsv } from '../../lib/csv';

/** Whose log a caller reads: one courier's, or (the super admin without a courier) every courier's. */
export interface AuditScope {
  courierId: number | null;
}

const actorNameSql = sql<string>`coalesce(
  case ${auditLog.actorType}
    when 'user' then (select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${auditLog.actorId})
    when 'customer' then (select ${customers.firstName} || ' ' || ${customers.lastName} from ${customers} where ${customers.id} = ${auditLog.actorId})
  end, 'System')`;
const kindSql = sql<string>`split_part(${auditLog.action}, '.', 1)`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rows that say before/after show both; the others show what was done as "after". */
function beforeAfter(details: unknown): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!isRecord(details)) return { before: null, after: null };
  if ('before' in details || 'after' in details) {
    const { before, after, ...rest } = details;
    // Older rows kept a bare value (a permission list) on either side: shown as that value.
    const side = (v: unknown) => (isRecord(v) ? v : v === undefined ? {} : { value: v });
    return { before: before === undefined ? null : side(before), after: { ...rest, ...side(after) } };
  }
  return { before: null, after: details };
}

async function clausesFor(db: Db, scope: AuditScope, query: AuditListQuery) {
  const zone = await courierTimeZone(db, scope.courierId);
  const where: SQL[] = [];
  if (scope.courierId !== null) where.push(eq(auditLog.courierId, scope.courierId));
  if (query.from) where.push(gte(auditLog.createdAt, dayBoundsInZone(query.from, zone).start));
  if (query.to) where.push(lt(auditLog.createdAt, dayBoundsInZone(query.to, zone).end));
  return {
    zone,
    clauses: listClauses(
      query,
      {
        sortable: { createdAt: auditLog.createdAt, action: auditLog.action, actorName: actorNameSql, courierName: couriers.name },
        searchable: [auditLog.action, auditLog.entityId, actorNameSql],
        filterable: {
          actorId: { column: auditLog.actorId, kind: 'number' },
          actorType: { column: auditLog.actorType, kind: 'oneOf', values: ['user', 'customer', 'system'] },
          kind: { column: kindSql, kind: 'exact' },
          action: { column: auditLog.action, kind: 'exact' },
          courierName: { column: couriers.name, kind: 'exact' },
        },
        defaultSort: { column: auditLog.createdAt, order: 'desc' },
        tieBreaker: auditLog.id,
      },
      where,
    ),
  };
}

function selectEntries(db: Db) {
  return db
    .select({
      id: auditLog.id,
      courierId: auditLog.courierId,
      courierName: couriers.name,
      timeZone: courierZoneColumn,
      actorType: auditLog.actorType,
      actorId: auditLog.actorId,
      actorName: actorNameSql,
      action: auditLog.action,
      kind: kindSql,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(couriers, eq(couriers.id, auditLog.courierId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];
const toEntry = ({ details, ...r }: Row): AuditEntry => ({ ...r, ...beforeAfter(details), createdAt: r.createdAt.toISOString() });

export async function listAudit(db: Db, scope: AuditScope, query: AuditListQuery): Promise<Page<AuditEntry>> {
  const { clauses } = await clausesFor(db, scope, query);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await selectEntries(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toEntry),
    count: async (where) => {
      const [row] = await db.select({ n: count() }).from(auditLog).leftJoin(couriers, eq(couriers.id, auditLog.courierId)).where(where);
      return row?.n ?? 0;
    },
    countWindow: 1_000,
  });
}

/** At most this many rows go in one export: narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 10_000;

const json = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

/** The filtered log as CSV, times as ISO 8601 with each row's courier offset. */
export async function auditCsv(db: Db, scope: AuditScope, query: AuditListQuery): Promise<string> {
  const { clauses } = await clausesFor(db, scope, { ...query, page: 1, limit: 10 });
  const rows = (
    await selectEntries(db)
      .where(clauses.where)
      .orderBy(...clauses.orderBy)
      .limit(AUDIT_EXPORT_MAX)
  ).map(toEntry);
  return toCsv(
    ['When', 'Courier', 'Who', 'Action', 'Record', 'Before', 'After'],
    rows.map((r) => [
      csvDateTime(r.createdAt, r.timeZone),
      r.courierName ?? '',
      r.actorName,
      r.action,
      `${r.entity}${r.entityId ? ` ${r.entityId}` : ''}`,
      json(r.before),
      json(r.after),
    ]),
  );
}

/** The people in a scope's log, for the person filter. */
export async function listAuditActors(db: Db, scope: AuditScope) {
  const rows = await db
    .selectDistinct({ actorType: auditLog.actorType, actorId: auditLog.actorId, name: actorNameSql })
    .from(auditLog)
    .where(scope.courierId === null ? undefined : eq(auditLog.courierId, scope.courierId))
    .orderBy(actorNameSql)
    .limit(500);
  return rows;
}
