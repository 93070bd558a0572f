import { type SQL, count, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { PACKAGE_STATUSES, type PackageStatus, SHIPPING_MODES } from '@courier/shared/constants/packages';
import { DEFAULT_TIME_ZONE, dayBoundsInZone } from '@courier/shared/domain/datetime';
import type { Page } from '@courier/shared/schemas/common';
import {
  PACKAGE_MESSAGES,
  type PackageDetail,
  type PackageDto,
  type PackageListItem,
  type packageListQuerySchema,
} from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import { LIST_COUNT_WINDOW, type ListClauses, type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import {
  customerNameSql,
  findPackage,
  type PackageRow,
  type RawPackageListRow,
  packageCustomerJoin,
  packageListItemColumns,
  packageTimeline,
  selectPackageListItems,
  selectPackages,
  toPackageDto,
  toPackageListItem,
} from './package-rows.service';
import { nextStatusesOf } from './package-status.service';
import { listScope, recordScope } from '../../lib/courier-scope';
import { packageSearchPrefilter } from './package-search';

export async function detailOf(db: Db, courierId: number | null, id: number): Promise<PackageDetail> {
  const row = await findPackage(db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  return detailOfRow(db, row);
}

/** The detail of a package row already read (the scan lookup reads it whole): not read twice. */
export async function detailOfRow(db: Db, row: PackageRow): Promise<PackageDetail> {
  return {
    ...toPackageDto(row),
    events: await packageTimeline(db, row.pkg.courierId, row.pkg.id),
    // A voided package moves no more.
    nextStatuses: row.pkg.voidedAt ? [] : await nextStatusesOf(db, row.pkg),
  };
}

export function getPackage(db: Db, user: AuthUser, id: number): Promise<PackageDetail> {
  return detailOf(db, recordScope(user), id);
}

/** A customer sees their own packages only; anyone else's id is simply not found. */
export async function getOwnPackage(db: Db, user: AuthUser, id: number): Promise<PackageDetail> {
  const courierId = listScope(user);
  const row = await findPackage(db, id, courierId, eq(packages.customerId, user.id));
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  return { ...toPackageDto(row), events: await packageTimeline(db, courierId as number, id), nextStatuses: [] };
}

const packageListSpec: ListSpec = {
  sortable: {
    packageNumber: packages.packageNumber,
    trackingNumber: packages.trackingNumber,
    status: packages.status,
    weightLb: packages.weightLb,
    mode: packages.mode,
    carrier: packages.carrier,
    customerName: customerNameSql,
    mailboxNumber: customers.mailboxNumber,
    branchName: branches.name,
    manifestNumber: manifests.manifestNumber,
    receivedAt: packages.receivedAt,
    readyAt: packages.readyAt,
    updatedAt: packages.updatedAt,
  },
  searchable: [
    packages.packageNumber,
    packages.trackingNumber,
    customers.mailboxNumber,
    customerNameSql,
    packages.merchant,
    packages.description,
  ],
  filterable: {
    status: { column: packages.status, kind: 'oneOf', values: PACKAGE_STATUSES },
    mode: { column: packages.mode, kind: 'oneOf', values: SHIPPING_MODES },
    carrier: { column: packages.carrier, kind: 'exact' },
    branchId: { column: packages.branchId, kind: 'number' },
    manifestId: { column: packages.manifestId, kind: 'number' },
    customerId: { column: packages.customerId, kind: 'number' },
    mailboxNumber: { column: customers.mailboxNumber, kind: 'text' },
    customerName: { column: customerNameSql, kind: 'text' },
    packageNumber: { column: packages.packageNumber, kind: 'text' },
    trackingNumber: { column: packages.trackingNumber, kind: 'text' },
    branchName: { column: branches.name, kind: 'exact' },
    manifestNumber: { column: manifests.manifestNumber, kind: 'text' },
  },
  defaultSort: { column: packages.receivedAt, order: 'desc' },
  tieBreaker: packages.id,
};

type PackageListQuery = z.output<typeof packageListQuerySchema>;

/**
 * "Received from / to" are calendar days where the courier is: a parcel scanned at 8 PM in Kingston
 * on the 23rd is the 23rd's, though it is already the 24th in UTC. One courier's list takes fixed
 * bounds from its zone (the received-date index still serves them); the super admin's list of
 * every courier bounds each package by its own courier's day, as its row shows it.
 */
async function receivedDayScope(db: Db, query: PackageListQuery, courierId: number | null): Promise<SQL[]> {
  const { receivedFrom: from, receivedTo: to } = query;
  if (!from && !to) return [];
  if (courierId !== null) {
    const zone = await courierTimeZone(db, courierId);
    return [
      ...(from ? [gte(packages.receivedAt, dayBoundsInZone(from, zone).start)] : []),
      ...(to ? [lt(packages.receivedAt, dayBoundsInZone(to, zone).end)] : []),
    ];
  }
  const zoneOfRow = sql`coalesce((select ${couriers.timeZone} from ${couriers} where ${couriers.id} = ${packages.courierId}), ${DEFAULT_TIME_ZONE})`;
  const startOf = (day: string, plusDays: number) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${zoneOfRow})`;
  return [
    ...(from ? [sql`${packages.receivedAt} >= ${startOf(from, 0)}`] : []),
    ...(to ? [sql`${packages.receivedAt} < ${startOf(to, 1)}`] : []),
  ];
}

/** The clauses and the capped count every package list shares, within one courier (or every courier: null). */
export async function packageListClauses(db: Db, query: PackageListQuery, courierId: number | null, conditions: SQL[]) {
  const dateScope = await receivedDayScope(db, query, courierId);
  // Voided packages (received by mistake) leave the lists unless asked for (voided=true, or the Voided status).
  const voided = query.voided === 'true' || query.filters?.status === 'voided' ? isNotNull(packages.voidedAt) : isNull(packages.voidedAt);
  const clauses = listClauses(query, packageListSpec, [
    courierCondition(courierId),
    ...conditions,
    ...dateScope,
    voided,
    packageSearchPrefilter(query.search, courierId),
  ]);
  const fullRows = async (c: ListClauses) =>
    (
      await selectPackages(db)
        .where(c.where)
        .orderBy(...c.orderBy)
        .limit(c.limit)
        .offset(c.offset)
    ).map(toPackageDto);
  // A courier's packages run to hundreds of thousands: count only a window ahead of the page.
  const countRows = async (where: SQL | undefined, atMost?: number) => {
    const matching = matchingPackages(db, where).$dynamic();
    const [row] = await db.select({ n: count() }).from((atMost === undefined ? matching : matching.limit(atMost)).as('matching'));
    return row?.n ?? 0;
  };
  return { clauses, fullRows, countRows };
}

/** One row per package matching `where`, with the joins the list's conditions may name: what a count counts. */
function matchingPackages(db: Db, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(packages)
    .leftJoin(customers, packageCustomerJoin)
    .leftJoin(branches, eq(branches.id, packages.branchId))
    .leftJoin(manifests, eq(manifests.id, packages.manifestId))
    .where(where);
}

/** Packages with every field, paged, searched, sorted and filtered within one courier (every courier: null) and `conditions`. */
/** Packages in one status, as an extra condition of a list. */
export const withStatus = (status: PackageStatus): SQL => eq(packages.status, status);

export async function listPackages(
  db: Db,
  query: PackageListQuery,
  courierId: number | null,
  conditions: SQL[] = [],
): Promise<Page<PackageDto>> {
  const { clauses, fullRows, countRows } = await packageListClauses(db, query, courierId, conditions);
  return listPage(query, clauses, { rows: fullRows, count: countRows, countWindow: LIST_COUNT_WINDOW });
}

/**
 * A page a prepared statement can answer: no CSV, search, dates or filters, and a known sort (an
 * unknown one takes the general path, which refuses it with 400).
 */
function isPlainPage(query: PackageListQuery): boolean {
  if (query.format === 'csv' || query.search || query.receivedFrom || query.receivedTo) return false;
  if (query.filters && Object.keys(query.filters).length > 0) return false;
  return query.sort === undefined || Object.hasOwn(packageListSpec.sortable, query.sort);
}

/**
 * A customer's own packages (`GET /customer/packages`). The usual page (no search, filter or date
 * range) runs two prepared statements, rows and capped count, built once per sort: building the
 * SQL again on every request was a quarter of the request's CPU. Anything else takes the general
 * path, which gives the same answer.
 */
export async function listOwnPackages(db: Db, query: PackageListQuery, courierId: number, customerId: number): Promise<Page<PackageDto>> {
  if (!isPlainPage(query)) return listPackages(db, query, courierId, [eq(packages.customerId, customerId)]);
  const voided = query.voided === 'true';
  const key = `own_${query.sort ?? ''}_${query.sort ? query.order : ''}_${voided ? 'v' : ''}`;
  let statements = preparedOwnPages.get(db);
  if (!statements) {
    statements = new Map();
    preparedOwnPages.set(db, statements);
  }
  let statement = statements.get(key);
  if (!statement) {
    statement = prepareOwnPage(db, key, query, voided);
    statements.set(key, statement);
  }
  const offset = (query.page - 1) * query.limit;
  const cap = offset + LIST_COUNT_WINDOW;
  const [rows, counted] = await Promise.all([
    statement.rows.execute({ courierId, customerId, limit: query.limit, offset }),
    statement.count.execute({ courierId, customerId, countLimit: cap + 1 }),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  const page = { data: rows.map(toPackageDto), page: query.page, limit: query.limit };
  return total > cap ? { ...page, total: cap, totalCapped: true } : { ...page, total };
}

function prepareOwnPage(db: Db, key: string, query: PackageListQuery, voided: boolean) {
  const { where, orderBy } = listClauses({ ...query, search: undefined, filters: {} }, packageListSpec, [
    eq(packages.courierId, sql.placeholder('courierId')),
    eq(packages.customerId, sql.placeholder('customerId')),
    voided ? isNotNull(packages.voidedAt) : isNull(packages.voidedAt),
  ]);
  const rows = selectPackages(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`packages_${key}`);
  const matching = matchingPackages(db, where).limit(sql.placeholder('countLimit')).as('matching');
  const counted = db.select({ n: count() }).from(matching).prepare(`packages_${key}_count`);
  return { rows, count: counted };
}
type OwnPageStatements = ReturnType<typeof prepareOwnPage>;
const preparedOwnPages = new WeakMap<Db, Map<string, OwnPageStatements>>();

/**
 * The staff list's page (`GET /packages`): the table's fields only (packageListItemSchema); its
 * CSV export (`?format=csv`) still has every field. The usual page (no search, filter or date
 * range) goes through a prepared statement, see `preparedTablePage`.
 */
export async function listPackageTable(db: Db, query: PackageListQuery, scope: number | null): Promise<Page<PackageListItem>> {
  const prepared = await preparedTablePage(db, query, scope);
  if (prepared) return prepared;
  const { clauses, fullRows, countRows } = await packageListClauses(db, query, scope, []);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await selectPackageListItems(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map((row) => toPackageListItem(row, scope === null)),
    exportRows: fullRows,
    count: countRows,
    countWindow: LIST_COUNT_WINDOW,
  });
}

/**
 * The package page without search, filters or dates, which is what the Packages screen opens on
 * and pages through (at most 1 ms of server CPU for 50 rows). One prepared statement
 * per kind of page (one courier or all, sort, order, voided or not), built on first use:
 * - drizzle builds its SQL once, not twice per request, and PostgreSQL keeps it parsed per connection;
 * - the capped count (as `listPage` counts it: at most `offset + LIST_COUNT_WINDOW + 1` rows)
 *   rides along as a column of the page, so a page is one round trip instead of two;
 * - its columns are named as the answer's fields and read as pg gives them (`.all()`), without
 *   drizzle's mapping of each field of each row (a tenth of the page's CPU); toPackageListItem
 *   converts the two that need it.
 * Answers undefined when the query is not such a page, or the page came back empty (then the
 * count needs its own query): the caller takes the general path, which gives the same answer.
 */
async function preparedTablePage(db: Db, query: PackageListQuery, scope: number | null): Promise<Page<PackageListItem> | undefined> {
  if (!isPlainPage(query)) return undefined;
  const voided = query.voided === 'true';
  const key = `${scope === null ? 'all' : 'one'}_${query.sort ?? ''}_${query.sort ? query.order : ''}_${voided ? 'v' : ''}`;
  let statements = preparedPages.get(db);
  if (!statements) {
    statements = new Map();
    preparedPages.set(db, statements);
  }
  let statement = statements.get(key);
  if (!statement) {
    statement = prepareTablePage(db, `packages_page_${key}`, query, scope === null, voided);
    statements.set(key, statement);
  }
  const offset = (query.page - 1) * query.limit;
  const cap = offset + LIST_COUNT_WINDOW;
  const rows = await statement.all({ courierId: scope ?? 0, limit: query.limit, offset, countLimit: cap + 1 });
  const first = rows[0];
  if (!first) return undefined;
  const total = Number(first.total);
  const page = { data: rows.map((row) => toPackageListItem(row, scope === null)), page: query.page, limit: query.limit };
  return total > cap ? { ...page, total: cap, totalCapped: true } : { ...page, total };
}

function prepareTablePage(db: Db, name: string, query: PackageListQuery, allCouriers: boolean, voided: boolean) {
  // The same conditions and order as the general path's, with the courier as a placeholder.
  const { where, orderBy } = listClauses({ ...query, search: undefined, filters: {} }, packageListSpec, [
    allCouriers ? undefined : eq(packages.courierId, sql.placeholder('courierId')),
    voided ? isNotNull(packages.voidedAt) : isNull(packages.voidedAt),
  ]);
  const matching = matchingPackages(db, where).limit(sql.placeholder('countLimit')).as('matching');
  const named = Object.fromEntries(Object.entries(packageListItemColumns).map(([field, column]) => [field, sql`${column}`.as(field)]));
  return selectPackageListItems(db, { ...named, total: sql`(select count(*) from ${matching})`.as('total') })
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name) as unknown as RawPageStatement;
}
/**
 * A prepared select read raw: `all()` answers pg's rows as they come, keyed by column name (every
 * driver's prepared query has it, as `db.execute` uses it; PgPreparedQuery's type leaves it out).
 */
interface RawPageStatement {
  all(placeholders: Record<string, unknown>): Promise<Array<RawPackageListRow & { total: string | number }>>;
}
const preparedPages = new WeakMap<Db, Map<string, RawPageStatement>>();

export const courierCondition = (courierId: number | null) => (courierId === null ? undefined : eq(packages.courierId, courierId));
