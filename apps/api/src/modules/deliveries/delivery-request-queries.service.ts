import { type SQL, and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DELIVERY_REQUEST_STATUSES } from '@courier/shared/constants/packages';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import { DELIVERY_MESSAGES, type DeliveryRequestDto, type Driver } from '@courier/shared/schemas/deliveries';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { deliveryLocations } from '../../db/schema/delivery-locations';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import { customerNameSql } from '../packages/index';
import { recordScope } from '../../lib/courier-scope';

const driver = alias(users, 'driver');
const driverNameSql = sql<string | null>`${driver.firstName} || ' ' || ${driver.lastName}`;

function selectRequests(db: Db) {
  return db
    .select({
      r: deliveryRequests,
      customerName: customerNameSql,
      mailboxNumber: customers.mailboxNumber,
      locationName: deliveryLocations.name,
      cashOnDelivery: deliveryLocations.cashOnDelivery,
      driverName: driverNameSql,
    })
    .from(deliveryRequests)
    .innerJoin(customers, eq(customers.id, deliveryRequests.customerId))
    .leftJoin(deliveryLocations, eq(deliveryLocations.id, deliveryRequests.locationId))
    .leftJoin(driver, eq(driver.id, deliveryRequests.driverId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

async function withPackages(db: Db, rows: Row[]): Promise<DeliveryRequestDto[]> {
  const ids = rows.map((r) => r.r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({
            requestId: deliveryRequestPackages.deliveryRequestId,
            id: packages.id,
            packageNumber: packages.packageNumber,
            trackingNumber: packages.trackingNumber,
            status: packages.status,
          })
          .from(deliveryRequestPackages)
          .innerJoin(packages, eq(packages.id, deliveryRequestPackages.packageId))
          .where(inArray(deliveryRequestPackages.deliveryRequestId, ids))
          .orderBy(asc(packages.packageNumber));
  const owed = await openInvoicesOf(
    db,
    links.map((l) => l.id),
  );
  return rows.map((r) => ({
    id: r.r.id,
    customerId: r.r.customerId,
    customerName: r.customerName ?? '',
    mailboxNumber: r.mailboxNumber,
    locationId: r.r.locationId,
    locationName: r.locationName,
    address: r.r.address,
    preferredDate: r.r.preferredDate,
    scheduledDate: r.r.scheduledDate,
    phone: r.r.phone,
    notes: r.r.notes,
    feeCents: r.r.feeCents,
    status: r.r.status,
    packages: links.filter((l) => l.requestId === r.r.id).map(({ requestId: _, ...p }) => p),
    driverId: r.r.driverId,
    driverName: r.driverName,
    stopOrder: r.r.stopOrder,
    dispatchedAt: r.r.dispatchedAt?.toISOString() ?? null,
    deliveredAt: r.r.deliveredAt?.toISOString() ?? null,
    recipientName: r.r.recipientName,
    hasSignature: r.r.signaturePngBase64 !== null,
    hasPhoto: r.r.photoName !== null,
    amountDueCents: dueOn(
      owed,
      links.filter((l) => l.requestId === r.r.id).map((l) => l.id),
    ).reduce((sum, o) => sum + o.balanceCents, 0),
    cashOnDelivery: r.cashOnDelivery === true,
    createdAt: r.r.createdAt.toISOString(),
  }));
}

export interface OpenInvoice {
  packageId: number;
  invoiceId: number;
  invoiceNo: string;
  issuedAt: Date;
  balanceCents: number;
}

/** The invoices (not void) of these packages with something still to pay. */
export async function openInvoicesOf(db: Db, packageIds: number[]): Promise<OpenInvoice[]> {
  if (packageIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      packageId: invoicePackages.packageId,
      invoiceId: invoices.id,
      invoiceNo: invoices.invoiceNo,
      issuedAt: invoices.issuedAt,
      balanceCents: sql<number>`(${invoices.totalCents} - ${invoices.paidCents})::int`,
    })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(inArray(invoicePackages.packageId, packageIds), ne(invoices.status, 'void'), gt(invoices.totalCents, invoices.paidCents)));
  return rows.map((r) => ({ ...r, balanceCents: Number(r.balanceCents) }));
}

/** The open invoices of one stop's packages, each once (one invoice may cover several of them), oldest first. */
export function dueOn(owed: OpenInvoice[], packageIds: number[]): OpenInvoice[] {
  const ids = new Set(packageIds);
  const byInvoice = new Map(owed.filter((o) => ids.has(o.packageId)).map((o) => [o.invoiceId, o]));
  return [...byInvoice.values()].sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.invoiceId - b.invoiceId);
}

const spec: ListSpec = {
  sortable: {
    createdAt: deliveryRequests.createdAt,
    preferredDate: deliveryRequests.preferredDate,
    scheduledDate: deliveryRequests.scheduledDate,
    status: deliveryRequests.status,
    stopOrder: deliveryRequests.stopOrder,
    driverName: driverNameSql,
    customerName: customerNameSql,
    feeCents: deliveryRequests.feeCents,
  },
  searchable: [customers.mailboxNumber, customerNameSql, deliveryRequests.address, deliveryLocations.name, deliveryRequests.phone],
  filterable: {
    status: { column: deliveryRequests.status, kind: 'oneOf', values: DELIVERY_REQUEST_STATUSES },
    locationName: { column: deliveryLocations.name, kind: 'exact' },
    preferredDate: { column: deliveryRequests.preferredDate, kind: 'exact' },
    scheduledDate: { column: deliveryRequests.scheduledDate, kind: 'exact' },
  },
  defaultSort: { column: deliveryRequests.createdAt, order: 'desc' },
  tieBreaker: deliveryRequests.id,
};

/** Every request matching the conditions, unpaged (a day's run is small). */
export async function requestsWhere(db: Db, conditions: Array<SQL | undefined>): Promise<DeliveryRequestDto[]> {
  return withPackages(db, await selectRequests(db).where(and(...conditions)));
}

/** The requests of a courier (null: every courier's), or of one of its customers. */
export function requestsOf(courierId: number | null, customerId?: number): Array<SQL | undefined> {
  return [
    courierId === null ? undefined : eq(deliveryRequests.courierId, courierId),
    customerId === undefined ? undefined : eq(deliveryRequests.customerId, customerId),
  ];
}

export function listRequests(db: Db, query: ListQuery, scope: Array<SQL | undefined>): Promise<Page<DeliveryRequestDto>> {
  const clauses = listClauses(query, spec, scope);
  return listPage(query, clauses, {
    rows: async (c) =>
      withPackages(
        db,
        await selectRequests(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
      ),
    count: async (where) => {
      const [r] = await db
        .select({ n: count() })
        .from(deliveryRequests)
        .innerJoin(customers, eq(customers.id, deliveryRequests.customerId))
        .leftJoin(deliveryLocations, eq(deliveryLocations.id, deliveryRequests.locationId))
        .leftJoin(driver, eq(driver.id, deliveryRequests.driverId))
        .where(where);
      return r?.n ?? 0;
    },
  });
}

export async function findRequest(db: Db, courierId: number | null, id: number, customerId?: number): Promise<DeliveryRequestDto> {
  const rows = await selectRequests(db).where(
    and(
      eq(deliveryRequests.id, id),
      courierId === null ? undefined : eq(deliveryRequests.courierId, courierId),
      customerId === undefined ? undefined : eq(deliveryRequests.customerId, customerId),
    ),
  );
  const [dto] = await withPackages(db, rows);
  if (!dto) throw new AppError('not_found', DELIVERY_MESSAGES.requestNotFound);
  return dto;
}

export const getRequest = (db: Db, user: AuthUser, id: number) => findRequest(db, recordScope(user), id);

/** Drivers a request can be given to: the courier's active staff-side people. */
export async function listDrivers(db: Db, courierId: number): Promise<Driver[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.courierId, courierId), eq(users.active, true), ne(users.role, 'super_admin')))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }));
}
