import { type SQL, and, count as sqlCount, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { PACKAGE_STATUSES, type PackageStatus, SHIPPING_MODES, UNCOLLECTED_AFTER_DAYS } from '@courier/shared/constants/packages';
import { normaliseTrackingNumber, recogniseCarrier } from '@courier/shared/domain/carrier';
import { SCAN_MESSAGES, classifyScan } from '@courier/shared/domain/scan';
import type { Page } from '@courier/shared/schemas/common';
import { DELIVERY_MESSAGES } from '@courier/shared/schemas/deliveries';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import {
  PACKAGE_MESSAGES,
  type PackageDetail,
  type PackageDto,
  type PackageListItem,
  type ScanLookup,
  type packageListQuerySchema,
  type receivePackageSchema,
} from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { customers } from '../../db/schema/customers';
import { manifests } from '../../db/schema/manifests';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { preAlerts } from '../../db/schema/pre-alerts';
import { AppError } from '../../lib/errors';
import { LIST_COUNT_WINDOW, type ListClauses, type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { Mailer } from '../../lib/mailer';
import type { AuthUser } from '../../plugins/auth';
import { chargeDueFees, invoiceReadyPackages, willBeInvoicedWhenReady } from '../invoices/automatic-billing.service';
import { invoiceHoldReason } from './package-holds.service';
import { enqueuePackageEmail } from './package-emails';
import { customerByMailbox, resolveScan } from './scan-resolver.service';
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
import { type Actor, actorOf, nextStatusesOf, transitionPackage, writeEvent } from './package-status.service';

export interface Services {
  db: Db;
  mailer: Mailer;
}

/** The courier a staff call works in; null means every courier (only the super admin, only for lists). */
export function listScope(user: AuthUser, requested?: number): number | null {
  if (user.role === 'super_admin') return requested ?? null;
  if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
  return user.courierId;
}

/** The courier of a call on one record; the super admin may reach any (null). */
export function recordScope(user: AuthUser): number | null {
  return user.role === 'super_admin' ? null : listScope(user);
}

const packageNumberOf = (n: number) => `PKG-${String(n).padStart(6, '0')}`;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

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

/**
 * What the Scan screen shows for a scan: our package (by its number or tracking number), a
 * customer (by mailbox), else the carrier and pre-alert of a tracking number about to be received.
 * A package number of ours that is not found is refused: it never becomes a new package.
 */
export async function lookupTracking(db: Db, user: AuthUser, raw: string): Promise<ScanLookup> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  const found = await resolveScan(db, courierId, raw);
  if (!found.code) throw new AppError('bad_request', SCAN_MESSAGES.unreadable);
  if (found.pkg) {
    const detail = await detailOf(db, courierId, found.pkg.pkg.id);
    return {
      kind: found.code.kind,
      customer: null,
      trackingNumber: detail.trackingNumber,
      carrier: detail.carrier,
      package: detail,
      preAlert: null,
    };
  }
  if (found.customer) {
    const [customer] = await searchCustomers(db, user, found.customer.mailboxNumber);
    return {
      kind: 'mailbox',
      customer: customer ?? null,
      trackingNumber: found.customer.mailboxNumber,
      carrier: 'OTHER',
      package: null,
      preAlert: null,
    };
  }
  if (found.code.kind === 'package_number') throw new AppError('not_found', SCAN_MESSAGES.notFound(found.code.value));
  // A code shaped like a mailbox that is nobody's is read as an odd carrier's tracking number.
  const trackingNumber = normaliseTrackingNumber(found.code.value);
  const [pre] = await db
    .select({ p: preAlerts, customerName: customerNameSql, mailboxNumber: customers.mailboxNumber })
    .from(preAlerts)
    .innerJoin(customers, eq(customers.id, preAlerts.customerId))
    .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.trackingNumber, trackingNumber), eq(preAlerts.status, 'pending')))
    .orderBy(desc(preAlerts.createdAt))
    .limit(1);
  return {
    kind: 'tracking',
    customer: null,
    trackingNumber,
    carrier: recogniseCarrier(trackingNumber),
    package: null,
    preAlert: pre
      ? {
          id: pre.p.id,
          merchant: pre.p.merchant,
          description: pre.p.description,
          declaredValueUsdCents: pre.p.declaredValueUsdCents,
          hasInvoice: pre.p.invoicePath !== null,
          customerId: pre.p.customerId,
          customerName: pre.customerName ?? '',
          mailboxNumber: pre.mailboxNumber,
        }
      : null,
  };
}

/** Customers by mailbox number or name, for the Scan screen and the unknown-package assignment. */
export async function searchCustomers(db: Db, user: AuthUser, q: string) {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: customers.id, mailboxNumber: customers.mailboxNumber, name: customerNameSql, branchName: branches.name })
    .from(customers)
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .where(
      and(
        eq(customers.courierId, courierId),
        eq(customers.active, true),
        or(ilike(customers.mailboxNumber, pattern), ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern)),
      ),
    )
    .orderBy(customers.mailboxNumber)
    .limit(10);
  return rows.map((r) => ({ ...r, name: r.name ?? '' }));
}

/**
 * Receives a package at the US warehouse. The customer comes from the label's mailbox number, or
 * from the matching pre-alert; with neither the package goes to Unknown. A tracking number the
 * courier has already received is refused.
 */
export async function receivePackage(s: Services, user: AuthUser, input: z.output<typeof receivePackageSchema>): Promise<PackageDetail> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  // Our own label scanned into the tracking field must not become a phantom package.
  const code = classifyScan(input.trackingNumber);
  if (code?.kind === 'package_number') throw new AppError('bad_request', SCAN_MESSAGES.ourNumberNotTracking(code.value));
  const trackingNumber = normaliseTrackingNumber(input.trackingNumber);
  const actor = actorOf(user);

  const duplicate = async () => {
    const [dup] = await s.db
      .select({ packageNumber: packages.packageNumber })
      .from(packages)
      .where(and(eq(packages.courierId, courierId), eq(packages.trackingNumber, trackingNumber), isNull(packages.voidedAt)));
    return dup;
  };
  const dup = await duplicate();
  if (dup) throw new AppError('conflict', PACKAGE_MESSAGES.duplicateTracking(trackingNumber, dup.packageNumber));

  let customer: { id: number; branchId: number | null } | undefined;
  let unknownNote: string | undefined;
  if (input.customerId) {
    const [c] = await s.db
      .select({ id: customers.id, branchId: customers.branchId })
      .from(customers)
      .where(and(eq(customers.courierId, courierId), eq(customers.id, input.customerId)));
    if (!c) throw new AppError('not_found', PACKAGE_MESSAGES.customerNotFound);
    customer = c;
  } else if (input.mailbox) {
    customer = (await customerByMailbox(s.db, courierId, input.mailbox)) ?? undefined;
    if (!customer) unknownNote = `The label's mailbox ${input.mailbox} matches no customer`;
  }

  const [pre] = await s.db
    .select()
    .from(preAlerts)
    .where(and(eq(preAlerts.courierId, courierId), eq(preAlerts.trackingNumber, trackingNumber), eq(preAlerts.status, 'pending')))
    .orderBy(desc(preAlerts.createdAt))
    .limit(1);
  // A pre-alert names the customer when the label does not; a pre-alert of someone else is left alone.
  const preAlert = pre && (!customer || customer.id === pre.customerId) ? pre : undefined;
  if (!customer && preAlert) {
    const [c] = await s.db
      .select({ id: customers.id, branchId: customers.branchId })
      .from(customers)
      .where(eq(customers.id, preAlert.customerId));
    customer = c;
    unknownNote = undefined;
  }

  const status: PackageStatus = customer ? 'received' : 'unknown';
  try {
    const id = await s.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const number = await nextCounter(tx, courierId, 'package');
      const [created] = await tx
        .insert(packages)
        .values({
          courierId,
          packageNumber: packageNumberOf(number),
          trackingNumber,
          carrier: input.carrier ?? recogniseCarrier(trackingNumber),
          customerId: customer?.id ?? null,
          branchId: customer?.branchId ?? null,
          preAlertId: preAlert?.id ?? null,
          status,
          weightLb: input.weightLb,
          lengthIn: input.lengthIn ?? null,
          widthIn: input.widthIn ?? null,
          heightIn: input.heightIn ?? null,
          mode: input.mode,
          declaredValueUsdCents: preAlert?.declaredValueUsdCents ?? null,
          description: input.description || preAlert?.description || null,
          merchant: input.merchant || preAlert?.merchant || null,
          receivedBy: actor.userId,
        })
        .returning();
      if (!created) throw new Error('Package insert returned nothing');
      if (preAlert) {
        await tx.update(preAlerts).set({ status: 'received', updatedAt: new Date() }).where(eq(preAlerts.id, preAlert.id));
      }
      const note = [
        'Received at the Miami warehouse',
        preAlert ? `pre-alert matched${preAlert.invoicePath ? '' : ' (invoice missing)'}` : null,
        unknownNote ?? (customer ? null : 'no customer on the label'),
      ]
        .filter(Boolean)
        .join('; ');
      await writeEvent(tx, { courierId, packageId: created.id, status, fromStatus: null, actor, note });
      if (customer) await enqueuePackageEmail(tx, s.mailer, 'received', created);
      // Customs needs the merchant invoice: without it the package waits at the warehouse.
      const holdReason = customer ? await invoiceHoldReason(tx, courierId, preAlert) : null;
      if (holdReason) await transitionPackage(tx, s.mailer, created, 'on_hold', actor, { note: holdReason, holdReason });
      return created.id;
    });
    return detailOf(s.db, courierId, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await duplicate();
      if (again) throw new AppError('conflict', PACKAGE_MESSAGES.duplicateTracking(trackingNumber, again.packageNumber));
    }
    throw error;
  }
}

/**
 * Moves one package. A package made ready for pickup is invoiced in the same transaction (the
 * invoice e-mail then replaces the "ready" e-mail); `deferInvoice` lets the bulk change issue one
 * invoice per customer for all its packages instead.
 */
export async function changeStatus(
  s: Services,
  user: AuthUser,
  id: number,
  input: { status: PackageStatus; note?: string } & ReleaseOverrideInput,
  options: { deferInvoice?: boolean } = {},
): Promise<PackageDetail> {
  const courierId = recordScope(user);
  const row = await findPackage(s.db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  if (row.pkg.voidedAt) throw new AppError('conflict', `${row.pkg.packageNumber}: ${PACKAGE_MESSAGES.isVoided}`);
  if (row.pkg.status === 'unknown' && input.status === 'received')
    throw new AppError('conflict', 'Assign an unknown package to a customer to receive it');
  // A driver completes a home delivery with the recipient's name and signature, never by a status change.
  if (row.pkg.status === 'out_for_delivery' && input.status === 'delivered')
    throw new AppError('conflict', `${row.pkg.packageNumber}: ${DELIVERY_MESSAGES.proofRequired}`);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const invoiceNow = input.status === 'ready_for_pickup' && (await willBeInvoicedWhenReady(tx, row.pkg));
    await transitionPackage(tx, s.mailer, row.pkg, input.status, actorOf(user), {
      note: input.note,
      manifestNumber: row.manifestNumber,
      skipEmail: invoiceNow,
      release: { actor: user, via: 'status_change', allowUnpaid: input.allowUnpaid, overrideReason: input.overrideReason },
    });
    if (invoiceNow && !options.deferInvoice)
      await invoiceReadyPackages({ db: tx, mailer: s.mailer, courierId: row.pkg.courierId, packageIds: [id] });
  });
  return detailOf(s.db, row.pkg.courierId, id);
}

/**
 * Each package moves on its own (a savepoint each): the ones the state machine refuses are
 * reported, the rest change. Packages made ready are invoiced at the end, one invoice per customer.
 */
export async function bulkChangeStatus(
  s: Services,
  user: AuthUser,
  input: { ids: number[]; status: PackageStatus; note?: string } & ReleaseOverrideInput,
) {
  const courierId = listScope(user);
  return s.db.transaction(async (txRaw) => {
    const tx: Services = { db: txRaw as unknown as Db, mailer: s.mailer };
    const results: Array<{ id: number; packageNumber: string | null; ok: boolean; message?: string }> = [];
    for (const id of [...new Set(input.ids)]) {
      try {
        if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
        const { ids: _, ...change } = input;
        const detail = await changeStatus(tx, user, id, change, { deferInvoice: true });
        results.push({ id, packageNumber: detail.packageNumber, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const row = courierId === null ? undefined : await findPackage(tx.db, id, courierId);
        results.push({ id, packageNumber: row?.pkg.packageNumber ?? null, ok: false, message: error.message });
      }
    }
    if (input.status === 'ready_for_pickup' && courierId !== null) {
      const changed = results.filter((r) => r.ok).map((r) => r.id);
      await invoiceReadyPackages({ db: tx.db, mailer: s.mailer, courierId, packageIds: changed });
    }
    return { changed: results.filter((r) => r.ok).length, results };
  });
}

export async function deletePackage(db: Db, user: AuthUser, id: number): Promise<void> {
  const courierId = recordScope(user);
  const row = await findPackage(db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  // Only a scanning mistake may be deleted: nothing else refers to the package yet.
  if (!['received', 'unknown'].includes(row.pkg.status) || row.pkg.manifestId !== null) {
    throw new AppError('conflict', 'Only a package still at the warehouse and not on a manifest can be deleted');
  }
  await db.transaction(async (tx) => {
    await tx.delete(packageEvents).where(and(eq(packageEvents.courierId, row.pkg.courierId), eq(packageEvents.packageId, id)));
    if (row.pkg.preAlertId !== null) {
      await tx.update(preAlerts).set({ status: 'pending', updatedAt: new Date() }).where(eq(preAlerts.id, row.pkg.preAlertId));
    }
    await tx.delete(packages).where(and(eq(packages.courierId, row.pkg.courierId), eq(packages.id, id)));
  });
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
  const count = async (where: SQL | undefined, atMost?: number) => {
    const matching = db
      .select({ one: sql`1` })
      .from(packages)
      .leftJoin(customers, packageCustomerJoin)
      .leftJoin(branches, eq(branches.id, packages.branchId))
      .leftJoin(manifests, eq(manifests.id, packages.manifestId))
      .where(where)
      .$dynamic();
    const [row] = await db.select({ n: sqlCount() }).from((atMost === undefined ? matching : matching.limit(atMost)).as('matching'));
    return row?.n ?? 0;
  };
  return { clauses, fullRows, count };
}

/** Packages with every field, paged, searched, sorted and filtered within the scope. */
export async function listPackages(db: Db, query: PackageListQuery, scope: Array<SQL | undefined>): Promise<Page<PackageDto>> {
  const { clauses, fullRows, count } = packageListClauses(db, query, scope);
  return listPage(query, clauses, { rows: fullRows, count, countWindow: LIST_COUNT_WINDOW });
}

/**
 * The staff list's page (`GET /packages`): the table's fields only (packageListItemSchema); its
 * CSV export (`?format=csv`) still has every field.
 */
export async function listPackageTable(db: Db, query: PackageListQuery, scope: Array<SQL | undefined>): Promise<Page<PackageListItem>> {
  const { clauses, fullRows, count } = packageListClauses(db, query, scope);
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
    count,
    countWindow: LIST_COUNT_WINDOW,
  });
}

export const courierCondition = (courierId: number | null) => (courierId === null ? undefined : eq(packages.courierId, courierId));

/** Ready for more than 15 days and not collected; `daysWaiting` counts from the ready date. */
export async function listUncollected(db: Db, query: z.output<typeof packageListQuerySchema>, courierId: number | null, now = new Date()) {
  const cutoff = new Date(now.getTime() - UNCOLLECTED_AFTER_DAYS * 86_400_000);
  const page = await listPackages(db, query, [
    courierCondition(courierId),
    eq(packages.status, 'ready_for_pickup'),
    lt(packages.readyAt, cutoff),
  ]);
  return {
    ...page,
    data: page.data.map((p) => ({
      ...p,
      daysWaiting: p.readyAt ? Math.floor((now.getTime() - new Date(p.readyAt).getTime()) / 86_400_000) : 0,
    })),
  };
}

/** Assigns an unknown package to a customer: it becomes received and billing adds the unknown fee. */
export async function assignUnknown(
  s: Services,
  user: AuthUser,
  id: number,
  target: { mailbox?: string; customerId?: number },
  note = 'Assigned from Unknown packages',
): Promise<PackageDetail> {
  const courierId = recordScope(user);
  const row = await findPackage(s.db, id, courierId);
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  const pkg = row.pkg;
  if (pkg.status !== 'unknown') throw new AppError('conflict', PACKAGE_MESSAGES.notUnknown);
  let customer: { id: number; branchId: number | null } | undefined;
  if (target.customerId) {
    [customer] = await s.db
      .select({ id: customers.id, branchId: customers.branchId })
      .from(customers)
      .where(and(eq(customers.courierId, pkg.courierId), eq(customers.id, target.customerId)));
  } else if (target.mailbox) {
    customer = (await customerByMailbox(s.db, pkg.courierId, target.mailbox)) ?? undefined;
  }
  if (!customer) throw new AppError('not_found', PACKAGE_MESSAGES.customerNotFound);
  const found = customer;
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [updated] = await tx
      .update(packages)
      .set({ customerId: found.id, branchId: found.branchId, status: 'received', assignedFromUnknown: true, updatedAt: new Date() })
      .where(and(eq(packages.id, pkg.id), eq(packages.courierId, pkg.courierId), eq(packages.status, 'unknown')))
      .returning();
    if (!updated) throw new AppError('conflict', PACKAGE_MESSAGES.notUnknown);
    await writeEvent(tx, {
      courierId: pkg.courierId,
      packageId: pkg.id,
      status: 'received',
      fromStatus: 'unknown',
      actor: actorOf(user),
      note,
    });
    await enqueuePackageEmail(tx, s.mailer, 'received', updated);
  });
  return detailOf(s.db, pkg.courierId, id);
}

/**
 * The daily job's work: packages ready for more than 15 days get `uncollected_since` once (billing
 * adds the uncollected fee from it) and the customer one reminder. Returns how many were flagged.
 */
export async function flagUncollected(s: Services, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCOLLECTED_AFTER_DAYS * 86_400_000);
  return s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const flagged = await tx
      .update(packages)
      .set({ uncollectedSince: now, updatedAt: now })
      .where(and(eq(packages.status, 'ready_for_pickup'), lt(packages.readyAt, cutoff), isNull(packages.uncollectedSince)))
      .returning();
    for (const pkg of flagged) {
      await writeEvent(tx, {
        courierId: pkg.courierId,
        packageId: pkg.id,
        status: pkg.status,
        fromStatus: pkg.status,
        actor: { userId: null, branchId: pkg.branchId },
        note: `Uncollected for more than ${UNCOLLECTED_AFTER_DAYS} days: uncollected fee applies`,
      });
      await enqueuePackageEmail(tx, s.mailer, 'uncollected', pkg);
    }
    // The uncollected fee goes on each flagged package's invoice, once.
    const byCourier = new Map<number, number[]>();
    for (const pkg of flagged) byCourier.set(pkg.courierId, [...(byCourier.get(pkg.courierId) ?? []), pkg.id]);
    for (const [courierId, packageIds] of byCourier) await chargeDueFees({ db: tx, mailer: s.mailer, courierId, packageIds });
    return flagged.length;
  });
}

export type { Actor };
