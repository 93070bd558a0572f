import { shopRequestNumber } from '@courier/shared/constants/services';
import { type SQL, and, count, eq, isNull } from 'drizzle-orm';
import { PRE_ALERT_STATUSES } from '@courier/shared/constants/packages';
import { normaliseTrackingNumber, recogniseCarrier } from '@courier/shared/domain/carrier';
import type { Page } from '@courier/shared/schemas/common';
import { type CreatePreAlertInput, PACKAGE_MESSAGES, type PreAlertDto } from '@courier/shared/schemas/packages';
import type { ListQuery } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { AppError } from '../../lib/errors';
import { CONTENT_TYPES, type DetectedType, detectFileType } from '../../lib/file-types';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { Storage } from '../../lib/storage';
import type { AuthUser } from '../../plugins/auth';
import { notify } from '../notifications/index';
import { customerNameSql } from '../customers/index';
import type { Mailer } from '../../lib/mailer';
import { publish } from '../../lib/domain-events';

const FOLDER = 'pre-alert-invoices' as const;

const columns = { p: preAlerts, customerName: customerNameSql, mailboxNumber: customers.mailboxNumber, packageId: packages.id };

function select(db: Db) {
  return db
    .select(columns)
    .from(preAlerts)
    .innerJoin(customers, eq(customers.id, preAlerts.customerId))
    .leftJoin(packages, and(eq(packages.preAlertId, preAlerts.id), eq(packages.courierId, preAlerts.courierId), isNull(packages.voidedAt)));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toDto(r: Row): PreAlertDto {
  return {
    id: r.p.id,
    trackingNumber: r.p.trackingNumber,
    carrier: r.p.carrier,
    merchant: r.p.merchant,
    description: r.p.description,
    declaredValueUsdCents: r.p.declaredValueUsdCents,
    hasInvoice: r.p.invoicePath !== null,
    shopRequestNo: r.p.shopRequestId === null ? null : shopRequestNumber(r.p.shopRequestId),
    invoiceName: r.p.invoiceName,
    status: r.p.status,
    customerId: r.p.customerId,
    customerName: r.customerName ?? '',
    mailboxNumber: r.mailboxNumber,
    packageId: r.packageId,
    createdAt: r.p.createdAt.toISOString(),
  };
}

function customerCourier(user: AuthUser): number {
  if (user.kind !== 'customer' || user.courierId === null)
    throw new AppError('forbidden', 'You do not have permission to perform this action');
  return user.courierId;
}

async function ownPreAlert(db: Db, user: AuthUser, id: number) {
  const courierId = customerCourier(user);
  const [row] = await select(db)
    .where(and(eq(preAlerts.id, id), eq(preAlerts.courierId, courierId), eq(preAlerts.customerId, user.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.preAlertNotFound);
  return row;
}

/** What a new pre-alert holds (the tracking number already normalised). */
export type NewPreAlert = Pick<
  typeof preAlerts.$inferInsert,
  'courierId' | 'customerId' | 'trackingNumber' | 'carrier' | 'merchant' | 'description' | 'declaredValueUsdCents' | 'shopRequestId'
>;

/**
 * Every pre-alert is made here, in the caller's transaction, and announced as pre_alert.created:
 * carrier tracking (and whatever else follows a pre-alert) subscribes to it.
 */
export async function recordPreAlert(tx: Db, mailer: Mailer, values: NewPreAlert) {
  const [created] = await tx.insert(preAlerts).values(values).returning();
  if (!created) throw new Error('Pre-alert insert returned nothing');
  await publish({ db: tx, mailer }, created.courierId, 'pre_alert.created', {
    preAlertId: created.id,
    trackingNumber: created.trackingNumber,
    carrier: created.carrier,
    customerId: created.customerId,
  });
  return created;
}

export async function createPreAlert(db: Db, mailer: Mailer, user: AuthUser, input: CreatePreAlertInput): Promise<PreAlertDto> {
  const courierId = customerCourier(user);
  const trackingNumber = normaliseTrackingNumber(input.trackingNumber);
  const [received] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trackingNumber)));
  if (received) throw new AppError('conflict', PACKAGE_MESSAGES.alreadyReceived);
  const [existing] = await db
    .select({ id: preAlerts.id })
    .from(preAlerts)
    .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.trackingNumber, trackingNumber), eq(preAlerts.status, 'pending')));
  if (existing) throw new AppError('conflict', PACKAGE_MESSAGES.duplicatePreAlert);
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const created = await recordPreAlert(tx, mailer, {
      courierId,
      customerId: user.id,
      trackingNumber,
      carrier: recogniseCarrier(trackingNumber),
      merchant: input.merchant,
      description: input.description,
      declaredValueUsdCents: input.declaredValueUsdCents,
    });
    const [c] = await tx
      .select({ mailbox: customers.mailboxNumber, name: customerNameSql })
      .from(customers)
      .where(eq(customers.id, user.id));
    await notify(tx, {
      courierId,
      type: 'new_pre_alert',
      title: `New pre-alert from ${c?.name ?? 'a customer'} (${c?.mailbox ?? ''})`,
      body: `${trackingNumber} · ${input.merchant} · ${input.description}`,
      target: { kind: 'package', ref: trackingNumber },
    });
    return created.id;
  });
  return toDto(await ownPreAlert(db, user, id));
}

export async function attachInvoice(
  db: Db,
  mailer: Mailer,
  storage: Storage,
  user: AuthUser,
  id: number,
  file: { data: Buffer; type: DetectedType; name: string },
): Promise<PreAlertDto> {
  const row = await ownPreAlert(db, user, id);
  if (row.p.status === 'cancelled') throw new AppError('conflict', PACKAGE_MESSAGES.preAlertNotPending);
  const stored = await storage.save(FOLDER, file.data, file.type);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(preAlerts)
      .set({ invoicePath: stored.name, invoiceName: file.name, invoiceMime: CONTENT_TYPES[file.type], updatedAt: new Date() })
      .where(eq(preAlerts.id, id));
    // A package already received and held for this invoice goes on (packages subscribes).
    await publish({ db: tx, mailer }, row.p.courierId, 'pre_alert.invoice_attached', {
      preAlertId: id,
      customerId: user.id,
      branchId: user.branchId,
    });
  });
  return toDto(await ownPreAlert(db, user, id));
}

export async function cancelPreAlert(db: Db, user: AuthUser, id: number): Promise<PreAlertDto> {
  const row = await ownPreAlert(db, user, id);
  if (row.p.status !== 'pending') throw new AppError('conflict', PACKAGE_MESSAGES.preAlertNotPending);
  await db
    .update(preAlerts)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(preAlerts.id, id), eq(preAlerts.status, 'pending')));
  return toDto(await ownPreAlert(db, user, id));
}

const spec: ListSpec = {
  sortable: {
    trackingNumber: preAlerts.trackingNumber,
    merchant: preAlerts.merchant,
    status: preAlerts.status,
    createdAt: preAlerts.createdAt,
    customerName: customerNameSql,
    declaredValueUsdCents: preAlerts.declaredValueUsdCents,
  },
  searchable: [preAlerts.trackingNumber, preAlerts.merchant, preAlerts.description, customers.mailboxNumber, customerNameSql],
  filterable: {
    status: { column: preAlerts.status, kind: 'oneOf', values: PRE_ALERT_STATUSES },
    carrier: { column: preAlerts.carrier, kind: 'exact' },
    mailboxNumber: { column: customers.mailboxNumber, kind: 'text' },
  },
  defaultSort: { column: preAlerts.createdAt, order: 'desc' },
  tieBreaker: preAlerts.id,
};

export function listPreAlerts(db: Db, query: ListQuery, scope: Array<SQL | undefined>): Promise<Page<PreAlertDto>> {
  const clauses = listClauses(query, spec, scope);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await select(db)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toDto),
    count: async (where) => {
      const [r] = await db.select({ n: count() }).from(preAlerts).innerJoin(customers, eq(customers.id, preAlerts.customerId)).where(where);
      return r?.n ?? 0;
    },
  });
}

/** A courier's pre-alerts (null: every courier's). */
export const courierPreAlerts = (courierId: number | null): SQL | undefined =>
  courierId === null ? undefined : eq(preAlerts.courierId, courierId);

export function ownScope(user: AuthUser): SQL | undefined {
  const courierId = customerCourier(user);
  return and(eq(preAlerts.courierId, courierId), eq(preAlerts.customerId, user.id));
}

/** The invoice file of a pre-alert: the customer's own, or any of the courier's for staff. */
export async function invoiceFile(db: Db, storage: Storage, user: AuthUser, id: number) {
  const conditions = [eq(preAlerts.id, id)];
  if (user.kind === 'customer') conditions.push(eq(preAlerts.customerId, user.id));
  if (user.role !== 'super_admin') conditions.push(eq(preAlerts.courierId, user.courierId ?? -1));
  const [row] = await db
    .select()
    .from(preAlerts)
    .where(and(...conditions));
  if (!row?.invoicePath) throw new AppError('not_found', 'Invoice not found');
  const data = await storage.read(FOLDER, row.invoicePath);
  if (!data) throw new AppError('not_found', 'Invoice not found');
  // The type comes from the bytes (rows stored before the MIME fix hold 'pdf', not 'application/pdf').
  const type = detectFileType(data);
  return { data, mime: type ? CONTENT_TYPES[type] : 'application/octet-stream', name: row.invoiceName ?? 'invoice' };
}
