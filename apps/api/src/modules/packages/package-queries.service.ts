import { type SQL, count, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { PACKAGE_STATUSES, SHIPPING_MODES } from '@courier/shared/constants/packages';
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
import { customers } from '../../db/schema/customers';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import { LIST_COUNT_WINDOW, type ListClauses, type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import {
  customerNameSql,
  findPackage,
  packageCustomerJoin,
  packageTimeline,
  selectPackageListItems,
  selectPackages,
  toPackageDto,
  toPackageListItem,
} from './package-rows';
import { nextStatusesOf } from './package-status.service';
import { listScope, recordScope } from './courier-scope';

export async function detailOf(db: Db, courierId: number | null, id: number): Promise<PackageDetail> {
  const row = await findPackage(db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
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

/** The clauses and the capped count every package list shares. */
function packageListClauses(db: Db, query: PackageListQuery, scope: Array<SQL | undefined>) {
  const dateScope: Array<SQL | undefined> = [
    query.receivedFrom ? gte(packages.receivedAt, new Date(`${query.receivedFrom}T00:00:00Z`)) : undefined,
    query.receivedTo ? lt(packages.receivedAt, new Date(new Date(`${query.receivedTo}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
  ];
  // Voided packages (received by mistake) leave the lists unless asked for.
  const voided = query.voided === 'true' ? isNotNull(packages.voidedAt) : isNull(packages.voidedAt);
  const clauses = listClauses(query, packageListSpec, [...scope, ...dateScope, voided]);
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
    const matching = db
      .select({ one: sql`1` })
      .from(packages)
      .leftJoin(customers, packageCustomerJoin)
      .leftJoin(branches, eq(branches.id, packages.branchId))
      .leftJoin(manifests, eq(manifests.id, packages.manifestId))
      .where(where)
      .$dynamic();
    const [row] = await db.select({ n: count() }).from((atMost === undefined ? matching : matching.limit(atMost)).as('matching'));
    return row?.n ?? 0;
  };
  return { clauses, fullRows, countRows };
}

/** Packages with every field, paged, searched, sorted and filtered within the scope. */
export async function listPackages(db: Db, query: PackageListQuery, scope: Array<SQL | undefined>): Promise<Page<PackageDto>> {
  const { clauses, fullRows, countRows } = packageListClauses(db, query, scope);
  return listPage(query, clauses, { rows: fullRows, count: countRows, countWindow: LIST_COUNT_WINDOW });
}

/**
 * The staff list's page (`GET /packages`): the table's fields only (packageListItemSchema); its
 * CSV export (`?format=csv`) still has every field.
 */
export async function listPackageTable(db: Db, query: PackageListQuery, scope: Array<SQL | undefined>): Promise<Page<PackageListItem>> {
  const { clauses, fullRows, countRows } = packageListClauses(db, query, scope);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await selectPackageListItems(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toPackageListItem),
    exportRows: fullRows,
    count: countRows,
    countWindow: LIST_COUNT_WINDOW,
  });
}

export const courierCondition = (courierId: number | null) => (courierId === null ? undefined : eq(packages.courierId, courierId));
