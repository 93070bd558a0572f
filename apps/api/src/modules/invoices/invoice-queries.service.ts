import { type IdType, idLabel } from '@courier/shared/schemas/authorised-people';
import { type AnyColumn, type SQL, and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES, type InvoiceStatus } from '@courier/shared/constants/billing';
import { customsDutyFor } from '@courier/shared/domain/charges';
import { BILLING_MESSAGES, type InvoiceDetail, type InvoiceSummary } from '@courier/shared/schemas/billing';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { collectionSignatures } from '../../db/schema/collection-signatures';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { feeVersions } from '../../db/schema/fees';
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
import { type ListClauses, listClauses, listPage } from '../../lib/list-query';
import { type InvoiceScope, scopeConditions } from './invoice-access.service';

const balanceOf = (i: { totalCents: number; paidCents: number; status: InvoiceStatus }) =>
  i.status === 'void' ? 0 : i.totalCents - i.paidCents;

/** A timestamp as `Date#toISOString` writes it (UTC, milliseconds truncated), written by PostgreSQL. */
const isoText = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The rows of a subquery as one JSON array, in order; `[]` when there are none. */
const jsonRows = <T>(object: SQL, orderBy: SQL, from: SQL) =>
  sql<T[]>`(select coalesce(json_agg(${object} order by ${orderBy}), '[]'::json) ${from})`;

const related = alias(invoices, 'related');

/**
 * The invoice page in one statement: the invoice, its customer and courier, and each list it
 * shows (lines, packages, payments, credit notes, customs history, the last collection signature, the invoices
 * it replaces or was replaced by) as JSON columns. One prepared statement per kind of scope.
 */
function prepareInvoiceDetail(db: Db, kind: ScopeKind) {
  const scoped = eq(invoices.courierId, sql.placeholder('courierId'));
  return (
    db
      .select({
        id: invoices.id,
        courierId: invoices.courierId,
        invoiceNo: invoices.invoiceNo,
        customerId: invoices.customerId,
        status: invoices.status,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
        issuedAt: isoText(invoices.issuedAt),
        freightCents: invoices.freightCents,
        discountCents: invoices.discountCents,
        processingCents: invoices.processingCents,
        gctCents: invoices.gctCents,
        customsCents: invoices.customsCents,
        feesCents: invoices.feesCents,
        membershipTier: invoices.membershipTier,
        voidReason: invoices.voidReason,
        voidedAt: sql<string | null>`case when ${invoices.voidedAt} is null then null else ${isoText(invoices.voidedAt)} end`,
        courierName: couriers.name,
        timeZone: couriers.timeZone,
        exchangeRate: couriers.exchangeRate,
        bankDetails: couriers.bankDetails,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        mailboxNumber: customers.mailboxNumber,
        branchName: branches.name,
        replacesInvoiceNo: sql<string | null>`(select ${related.invoiceNo} from ${invoices} as "related"
        where ${related.courierId} = ${invoices.courierId} and ${related.id} = ${invoices.replacesInvoiceId})`,
        replacedByInvoiceNo: sql<string | null>`(select ${related.invoiceNo} from ${invoices} as "related"
        where ${related.courierId} = ${invoices.courierId} and ${related.replacesInvoiceId} = ${invoices.id}
        order by ${related.id} limit 1)`,
        lines: jsonRows<InvoiceDetail['lines'][number]>(
          sql`json_build_object('kind', ${invoiceLines.kind}, 'description', ${invoiceLines.description},
          'packageId', ${invoiceLines.packageId}, 'amountCents', ${invoiceLines.amountCents},
          'fee', (select json_build_object('name', fv.name, 'effectiveFrom', fv.effective_from) from ${feeVersions} fv
            where fv.id = ${invoiceLines.feeVersionId}))`,
          sql`${invoiceLines.position}`,
          sql`from ${invoiceLines} where ${invoiceLines.courierId} = ${invoices.courierId} and ${invoiceLines.invoiceId} = ${invoices.id}`,
        ),
        packages: jsonRows<Omit<InvoiceDetail['packages'][number], 'computedDutyCents'>>(
          sql`json_build_object('id', ${packages.id}, 'packageNumber', ${packages.packageNumber},
          'trackingNumber', ${packages.trackingNumber}, 'description', ${packages.description},
          'weightLb', ${packages.weightLb}, 'declaredValueUsdCents', ${packages.declaredValueUsdCents},
          'customsAssessedCents', ${invoicePackages.customsAssessedCents}, 'status', ${packages.status})`,
          sql`${packages.packageNumber}`,
          sql`from ${invoicePackages} join ${packages} on ${packages.id} = ${invoicePackages.packageId}
          where ${invoicePackages.invoiceId} = ${invoices.id}`,
        ),
        payments: jsonRows<InvoiceDetail['payments'][number]>(
          sql`json_build_object('receiptNo', ${payments.receiptNo}, 'method', ${payments.method},
          'reference', ${payments.reference}, 'amountCents', ${paymentAllocations.amountCents},
          'paidAt', ${isoText(payments.paidAt)}, 'test', ${payments.test})`,
          sql`${payments.paidAt}, ${payments.id}`,
          sql`from ${paymentAllocations} join ${payments} on ${payments.id} = ${paymentAllocations.paymentId}
          where ${paymentAllocations.courierId} = ${invoices.courierId} and ${paymentAllocations.invoiceId} = ${invoices.id}`,
        ),
        creditNotes: jsonRows<InvoiceDetail['creditNotes'][number]>(
          sql`json_build_object('creditNoteNo', ${paymentRefunds.creditNoteNo}, 'receiptNo', ${payments.receiptNo},
          'amountCents', ${paymentRefunds.amountCents}, 'reason', ${paymentRefunds.reason},
          'createdAt', ${isoText(paymentRefunds.createdAt)})`,
          sql`${paymentRefunds.createdAt}, ${paymentRefunds.id}`,
          sql`from ${paymentRefunds} join ${payments} on ${payments.id} = ${paymentRefunds.paymentId}
          where ${paymentRefunds.courierId} = ${invoices.courierId} and ${paymentRefunds.invoiceId} = ${invoices.id}`,
        ),
        signature: sql<{
          collectorName: string;
          signedAt: string;
          idType: IdType | null;
          idNumber: string | null;
        } | null>`(select json_build_object(
          'collectorName', ${collectionSignatures.collectorName}, 'signedAt', ${isoText(collectionSignatures.signedAt)},
          'idType', ${collectionSignatures.collectorIdType}, 'idNumber', ${collectionSignatures.collectorIdNumber})
        from ${collectionSignatures}
        where ${collectionSignatures.courierId} = ${invoices.courierId} and ${collectionSignatures.invoiceId} = ${invoices.id}
        order by ${collectionSignatures.signedAt} desc limit 1)`,
        // The customs history: each assessment's audit row keeps the computed and the assessed figure.
        assessments: jsonRows<{ details: Record<string, unknown> | null; at: string; byName: string | null }>(
          sql`json_build_object('details', ${auditLog.details}, 'at', ${isoText(auditLog.createdAt)},
          'byName', (select ${users.firstName} || ' ' || ${users.lastName} from ${users}
            where ${users.id} = ${auditLog.actorId} and ${auditLog.actorType} = 'user'))`,
          sql`${auditLog.id}`,
          sql`from ${auditLog} where ${auditLog.courierId} = ${invoices.courierId} and ${auditLog.entity} = 'invoice'
          and ${auditLog.entityId} = ${invoices.invoiceNo} and ${auditLog.action} = 'invoice.customs_assessed'`,
        ),
      })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .innerJoin(couriers, eq(couriers.id, customers.courierId))
      .leftJoin(branches, eq(branches.id, customers.branchId))
      .where(
        and(
          eq(invoices.invoiceNo, sql.placeholder('invoiceNo')),
          kind === 'any' ? undefined : scoped,
          kind === 'customer' ? eq(invoices.customerId, sql.placeholder('customerId')) : undefined,
        ),
      )
      // A super admin without a courier sees a number only when it is unambiguous.
      .limit(2)
      .prepare(`invoice_detail_${kind}`)
  );
}
type ScopeKind = 'any' | 'courier' | 'customer';
const preparedDetails = new WeakMap<Db, Map<ScopeKind, ReturnType<typeof prepareInvoiceDetail>>>();

export async function getInvoiceDetail(db: Db, scope: InvoiceScope, invoiceNo: string): Promise<InvoiceDetail> {
  const kind: ScopeKind = scope.customerId !== null ? 'customer' : scope.courierId !== null ? 'courier' : 'any';
  let statements = preparedDetails.get(db);
  if (!statements) {
    statements = new Map();
    preparedDetails.set(db, statements);
  }
  let statement = statements.get(kind);
  if (!statement) {
    statement = prepareInvoiceDetail(db, kind);
    statements.set(kind, statement);
  }
  const rows = await statement.execute({ invoiceNo, courierId: scope.courierId ?? 0, customerId: scope.customerId ?? 0 });
  const inv = rows[0];
  if (rows.length !== 1 || !inv) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    id: inv.id,
    courierId: inv.courierId,
    courierName: inv.courierName,
    invoiceNo: inv.invoiceNo,
    customerId: inv.customerId,
    customerName: `${inv.firstName} ${inv.lastName}`,
    customerEmail: inv.email,
    timeZone: inv.timeZone,
    mailboxNumber: inv.mailboxNumber,
    branchName: inv.branchName,
    status: inv.status,
    totalCents: inv.totalCents,
    paidCents: inv.paidCents,
    balanceCents: balanceOf(inv),
    packageCount: inv.packages.length,
    issuedAt: inv.issuedAt,
    freightCents: inv.freightCents,
    discountCents: inv.discountCents,
    processingCents: inv.processingCents,
    gctCents: inv.gctCents,
    customsCents: inv.customsCents,
    feesCents: inv.feesCents,
    membershipTier: inv.membershipTier,
    voidReason: inv.voidReason,
    voidedAt: inv.voidedAt,
    replacesInvoiceNo: inv.replacesInvoiceNo,
    replacedByInvoiceNo: inv.replacedByInvoiceNo,
    lines: inv.lines,
    packages: inv.packages.map((p) => ({
      ...p,
      weightLb: Number(p.weightLb),
      computedDutyCents: computedCustoms(inv, p),
    })),
    customsHistory: inv.assessments.map((a) => {
      const d = a.details ?? {};
      return {
        packageId: num(d.packageId) ?? 0,
        packageNumber: typeof d.packageNumber === 'string' ? d.packageNumber : '',
        computedCents: num(d.computedCents) ?? 0,
        assessedBeforeCents: num(d.assessedBeforeCents),
        assessedCents: num(d.assessedCents),
        totalBeforeCents: num(d.totalBefore) ?? 0,
        totalAfterCents: num(d.totalAfter) ?? 0,
        byName: a.byName,
        at: a.at,
      };
    }),
    payments: inv.payments,
    creditNotes: inv.creditNotes,
    creditedCents: inv.creditNotes.reduce((sum, c) => sum + c.amountCents, 0),
    bankDetails: (inv.bankDetails ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 0),
    collectedAt: inv.signature?.signedAt ?? null,
    collectorName: inv.signature?.collectorName ?? null,
    collectorId: inv.signature?.idType && inv.signature.idNumber ? idLabel(inv.signature.idType, inv.signature.idNumber) : null,
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
  // Without a search, a courier-name filter or a sort by name, the page and the count need the
  // invoices alone: the page's 50 are found first and only they are joined to their names.
  const invoicesOnly = !query.search && !('courierName' in (query.filters ?? {})) && query.sort !== 'customerName';
  const pageOf = (c: ListClauses) => {
    if (!invoicesOnly) return base().where(c.where);
    const ids = db
      .select({ id: invoices.id })
      .from(invoices)
      .where(c.where)
      .orderBy(...c.orderBy)
      .limit(c.limit)
      .offset(c.offset)
      .as('page');
    return base().innerJoin(ids, eq(ids.id, invoices.id));
  };
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await pageOf(c)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(invoicesOnly ? 0 : c.offset)
      ).map((r) => ({ ...r, balanceCents: balanceOf(r), issuedAt: r.issuedAt.toISOString() })),
    count: async (where) => {
      if (invoicesOnly) {
        const [row] = await db.select({ n: count() }).from(invoices).where(where);
        return row?.n ?? 0;
      }
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

/**
 * A package's computed customs: its entry's lines while nothing is assessed; once assessed, what
 * the latest assessment recorded as computed (the rule before customs rates when none did).
 */
function computedCustoms(
  inv: {
    exchangeRate: number;
    lines: Array<{ kind: string; packageId: number | null; amountCents: number }>;
    assessments: Array<{ details: unknown }>;
  },
  p: { id: number; declaredValueUsdCents: number | null; customsAssessedCents: number | null },
): number {
  if (p.customsAssessedCents === null)
    return inv.lines.filter((l) => l.kind === 'customs_duty' && l.packageId === p.id).reduce((s, l) => s + l.amountCents, 0);
  const recorded = inv.assessments
    .map((a) => (a.details ?? {}) as Record<string, unknown>)
    .filter((d) => d.packageId === p.id && typeof d.computedCents === 'number')
    .at(-1)?.computedCents;
  return typeof recorded === 'number' ? recorded : customsDutyFor(p.declaredValueUsdCents ?? 0, inv.exchangeRate);
}
