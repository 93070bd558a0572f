import { and, count, desc, eq, sql } from 'drizzle-orm';
import { INVOICE_STATUSES, type InvoiceStatus } from '@courier/shared/constants/billing';
import { customsDutyFor } from '@courier/shared/domain/charges';
import { BILLING_MESSAGES, type InvoiceDetail, type InvoiceSummary } from '@courier/shared/schemas/billing';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { collectionSignatures } from '../../db/schema/collection-signatures';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { paymentRefunds } from '../../db/schema/online-payments';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { courierZoneColumn } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import { listClauses, listPage } from '../../lib/list-query';
import { type InvoiceScope, scopeConditions } from './invoice-access.service';

async function findInvoice(db: Db, scope: InvoiceScope, invoiceNo: string) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.invoiceNo, invoiceNo), ...scopeConditions(scope)))
    .limit(2);
  // A super admin without a courier sees a number only when it is unambiguous.
  if (rows.length !== 1 || !rows[0]) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  return rows[0];
}

const balanceOf = (i: { totalCents: number; paidCents: number; status: InvoiceStatus }) =>
  i.status === 'void' ? 0 : i.totalCents - i.paidCents;

export async function getInvoiceDetail(db: Db, scope: InvoiceScope, invoiceNo: string): Promise<InvoiceDetail> {
  const inv = await findInvoice(db, scope, invoiceNo);
  const [head] = await db
    .select({
      courierName: couriers.name,
      timeZone: couriers.timeZone,
      exchangeRate: couriers.exchangeRate,
      bankDetails: couriers.bankDetails,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      mailboxNumber: customers.mailboxNumber,
      branchName: branches.name,
    })
    .from(customers)
    .innerJoin(couriers, eq(couriers.id, customers.courierId))
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .where(eq(customers.id, inv.customerId));
  if (!head) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  const [lines, pkgs, pays, [signature], related, assessments, credits] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.courierId, inv.courierId), eq(invoiceLines.invoiceId, inv.id)))
      .orderBy(invoiceLines.position),
    db
      .select({
        id: packages.id,
        packageNumber: packages.packageNumber,
        trackingNumber: packages.trackingNumber,
        description: packages.description,
        weightLb: packages.weightLb,
        declaredValueUsdCents: packages.declaredValueUsdCents,
        customsAssessedCents: invoicePackages.customsAssessedCents,
        status: packages.status,
      })
      .from(invoicePackages)
      .innerJoin(packages, eq(packages.id, invoicePackages.packageId))
      .where(eq(invoicePackages.invoiceId, inv.id))
      .orderBy(packages.packageNumber),
    db
      .select({
        receiptNo: payments.receiptNo,
        method: payments.method,
        reference: payments.reference,
        amountCents: paymentAllocations.amountCents,
        paidAt: payments.paidAt,
        test: payments.test,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(and(eq(paymentAllocations.courierId, inv.courierId), eq(paymentAllocations.invoiceId, inv.id)))
      .orderBy(payments.paidAt),
    db
      .select({ collectorName: collectionSignatures.collectorName, signedAt: collectionSignatures.signedAt })
      .from(collectionSignatures)
      .where(and(eq(collectionSignatures.courierId, inv.courierId), eq(collectionSignatures.invoiceId, inv.id)))
      .orderBy(desc(collectionSignatures.signedAt))
      .limit(1),
    db
      .select({ id: invoices.id, invoiceNo: invoices.invoiceNo, replacesInvoiceId: invoices.replacesInvoiceId })
      .from(invoices)
      .where(
        and(
          eq(invoices.courierId, inv.courierId),
          sql`(${invoices.id} = ${inv.replacesInvoiceId ?? 0} or ${invoices.replacesInvoiceId} = ${inv.id})`,
        ),
      ),
    // The customs history: each assessment's audit row keeps the computed and the assessed figure.
    db
      .select({
        details: auditLog.details,
        at: auditLog.createdAt,
        byName: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users}
          where ${users.id} = ${auditLog.actorId} and ${auditLog.actorType} = 'user')`,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.courierId, inv.courierId),
          eq(auditLog.entity, 'invoice'),
          eq(auditLog.entityId, inv.invoiceNo),
          eq(auditLog.action, 'invoice.customs_assessed'),
        ),
      )
      .orderBy(auditLog.id),
    db
      .select({
        creditNoteNo: paymentRefunds.creditNoteNo,
        receiptNo: payments.receiptNo,
        amountCents: paymentRefunds.amountCents,
        reason: paymentRefunds.reason,
        createdAt: paymentRefunds.createdAt,
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(paymentRefunds.courierId, inv.courierId), eq(paymentRefunds.invoiceId, inv.id)))
      .orderBy(paymentRefunds.createdAt, paymentRefunds.id),
  ]);
  return {
    id: inv.id,
    courierId: inv.courierId,
    courierName: head.courierName,
    invoiceNo: inv.invoiceNo,
    customerId: inv.customerId,
    customerName: `${head.firstName} ${head.lastName}`,
    customerEmail: head.email,
    timeZone: head.timeZone,
    mailboxNumber: head.mailboxNumber,
    branchName: head.branchName,
    status: inv.status,
    totalCents: inv.totalCents,
    paidCents: inv.paidCents,
    balanceCents: balanceOf(inv),
    packageCount: pkgs.length,
    issuedAt: inv.issuedAt.toISOString(),
    freightCents: inv.freightCents,
    discountCents: inv.discountCents,
    processingCents: inv.processingCents,
    gctCents: inv.gctCents,
    customsCents: inv.customsCents,
    feesCents: inv.feesCents,
    membershipTier: inv.membershipTier,
    voidReason: inv.voidReason,
    voidedAt: inv.voidedAt?.toISOString() ?? null,
    replacesInvoiceNo: related.find((r) => r.id === inv.replacesInvoiceId)?.invoiceNo ?? null,
    replacedByInvoiceNo: related.find((r) => r.replacesInvoiceId === inv.id)?.invoiceNo ?? null,
    lines: lines.map((l) => ({ kind: l.kind, description: l.description, packageId: l.packageId, amountCents: l.amountCents })),
    packages: pkgs.map((p) => ({
      ...p,
      weightLb: Number(p.weightLb),
      computedDutyCents: customsDutyFor(p.declaredValueUsdCents ?? 0, head.exchangeRate),
    })),
    customsHistory: assessments.map((a) => {
      const d = (a.details ?? {}) as Record<string, unknown>;
      const num = (v: unknown) => (typeof v === 'number' ? v : null);
      return {
        packageId: num(d.packageId) ?? 0,
        packageNumber: typeof d.packageNumber === 'string' ? d.packageNumber : '',
        computedCents: num(d.computedCents) ?? 0,
        assessedBeforeCents: num(d.assessedBeforeCents),
        assessedCents: num(d.assessedCents),
        totalBeforeCents: num(d.totalBefore) ?? 0,
        totalAfterCents: num(d.totalAfter) ?? 0,
        byName: a.byName,
        at: a.at.toISOString(),
      };
    }),
    payments: pays.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
    creditNotes: credits.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    creditedCents: credits.reduce((sum, c) => sum + c.amountCents, 0),
    bankDetails: (head.bankDetails ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 0),
    collectedAt: signature?.signedAt.toISOString() ?? null,
    collectorName: signature?.collectorName ?? null,
  };
}

const packageCountSql = sql<number>`(select count(*)::int from ${invoicePackages} where ${invoicePackages.invoiceId} = ${invoices.id})`;
const customerNameSql = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;

export async function listInvoices(db: Db, scope: InvoiceScope, query: ListQuery & { customerId?: number }): Promise<Page<InvoiceSummary>> {
  const clauses = listClauses(
    query,
    {
      sortable: {
        invoiceNo: invoices.invoiceNo,
        customerName: customerNameSql,
        status: invoices.status,
        totalCents: invoices.totalCents,
        balanceCents: sql`${invoices.totalCents} - ${invoices.paidCents}`,
        issuedAt: invoices.issuedAt,
      },
      searchable: [invoices.invoiceNo, customers.firstName, customers.lastName, customers.mailboxNumber],
      filterable: {
        status: { column: invoices.status, kind: 'oneOf', values: INVOICE_STATUSES },
        courierName: { column: couriers.name, kind: 'exact' },
        totalCents: { column: invoices.totalCents, kind: 'cents' },
      },
      defaultSort: { column: invoices.issuedAt, order: 'desc' },
      tieBreaker: invoices.id,
    },
    [...scopeConditions(scope), query.customerId ? eq(invoices.customerId, query.customerId) : undefined],
  );
  const base = () =>
    db
      .select({
        id: invoices.id,
        courierId: invoices.courierId,
        courierName: couriers.name,
        timeZone: courierZoneColumn,
        invoiceNo: invoices.invoiceNo,
        customerId: invoices.customerId,
        customerName: customerNameSql,
        mailboxNumber: customers.mailboxNumber,
        status: invoices.status,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
        packageCount: packageCountSql,
        issuedAt: invoices.issuedAt,
      })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .innerJoin(couriers, eq(couriers.id, invoices.courierId));
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await base()
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map((r) => ({ ...r, balanceCents: balanceOf(r), issuedAt: r.issuedAt.toISOString() })),
    count: async (where) => {
      const [row] = await db
        .select({ n: count() })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .innerJoin(couriers, eq(couriers.id, invoices.courierId))
        .where(where);
      return row?.n ?? 0;
    },
  });
}

/** Ready packages of a customer that are on no live invoice: what staff can invoice now. */
export async function listBillablePackages(db: Db, courierId: number, customerId: number) {
  const rows = await db
    .select({
      id: packages.id,
      packageNumber: packages.packageNumber,
      trackingNumber: packages.trackingNumber,
      description: packages.description,
      weightLb: packages.weightLb,
      readyAt: packages.readyAt,
    })
    .from(packages)
    .where(
      and(
        eq(packages.courierId, courierId),
        eq(packages.customerId, customerId),
        eq(packages.status, 'ready_for_pickup'),
        sql`not exists (select 1 from ${invoicePackages} ip join ${invoices} i on i.id = ip.invoice_id
          where ip.package_id = ${packages.id} and i.status <> 'void')`,
      ),
    )
    .orderBy(packages.packageNumber);
  return rows.map((r) => ({ ...r, weightLb: Number(r.weightLb), readyAt: r.readyAt?.toISOString() ?? null }));
}

/** Customers with ready packages on no live invoice: who staff can invoice now. */
export async function listBillableCustomers(db: Db, courierId: number, search: string | undefined) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({
      customerId: customers.id,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      mailboxNumber: customers.mailboxNumber,
      packageCount: sql<number>`count(${packages.id})::int`,
    })
    .from(packages)
    .innerJoin(customers, eq(customers.id, packages.customerId))
    .where(
      and(
        eq(packages.courierId, courierId),
        eq(packages.status, 'ready_for_pickup'),
        sql`not exists (select 1 from ${invoicePackages} ip join ${invoices} i on i.id = ip.invoice_id
          where ip.package_id = ${packages.id} and i.status <> 'void')`,
        pattern
          ? sql`(${customers.mailboxNumber} ilike ${pattern} or ${customers.firstName} || ' ' || ${customers.lastName} ilike ${pattern})`
          : undefined,
      ),
    )
    .groupBy(customers.id)
    .orderBy(customers.mailboxNumber)
    .limit(50);
}
