import { type SQL, and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { INVOICE_STATUSES, type InvoiceStatus } from '@courier/shared/constants/billing';
import { type ChargePackage, computeCharges, customsDutyFor } from '@courier/shared/domain/charges';
import { API_MESSAGES } from '@courier/shared/messages';
import { BILLING_MESSAGES, type InvoiceDetail, type InvoiceSummary } from '@courier/shared/schemas/billing';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { branches } from '../../db/schema/branches';
import { collectionSignatures } from '../../db/schema/collection-signatures';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { paymentAllocations } from '../../db/schema/payment-allocations';
import { payments } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { listClauses, listPage } from '../../lib/list-query';
import type { Mailer } from '../../lib/mailer';
import { type AuthUser, courierScope } from '../../plugins/auth';
import { getCourierRates } from '../settings/rates.service';
import { formatAmount } from '@courier/shared/format/money';
import { invoicePackageRows } from './invoice-package-rows';

type Tx = Db;
const asDb = (tx: unknown) => tx as Db;

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** Which invoices a caller may see: a customer their own, staff their courier's, the super admin any. */
export interface InvoiceScope {
  courierId: number | null;
  customerId: number | null;
}

export function invoiceScope(user: AuthUser, requestedCourierId?: number): InvoiceScope {
  if (user.kind === 'customer') {
    if (user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
    return { courierId: user.courierId, customerId: user.id };
  }
  if (user.role === 'super_admin') return { courierId: requestedCourierId ?? null, customerId: null };
  return { courierId: courierScope(user), customerId: null };
}

function scopeConditions(scope: InvoiceScope): SQL[] {
  const where: SQL[] = [];
  if (scope.courierId !== null) where.push(eq(invoices.courierId, scope.courierId));
  if (scope.customerId !== null) where.push(eq(invoices.customerId, scope.customerId));
  return where;
}

const statusFor = (total: number, paid: number, current: InvoiceStatus): InvoiceStatus => {
  if (current === 'void') return 'void';
  if (paid <= 0) return 'unpaid';
  return paid >= total ? 'paid' : 'partially_paid';
};
export { statusFor as invoiceStatusFor };

// ---------------------------------------------------------------------------------------------
// Charging

interface ChargeablePackage {
  id: number;
  packageNumber: string;
  weightLb: number;
  declaredValueUsdCents: number | null;
  assignedFromUnknown: boolean;
  uncollectedSince: Date | null;
  switchedBranchAt: Date | null;
}

export const PACKAGE_FEE_KINDS = ['unknown_fee', 'uncollected_fee', 'switching_fee'] as const;
export type PackageFeeKind = (typeof PACKAGE_FEE_KINDS)[number];

/**
 * The per-package fees already on a live invoice other than `exceptInvoiceId`, as `kind:packageId`:
 * each fee is charged once, on whichever live invoice took it first (the package's own invoice, or a
 * small fee invoice when that one was already paid).
 */
export async function feesAlreadyCharged(db: Tx, courierId: number, packageIds: number[], exceptInvoiceId: number | null) {
  if (packageIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ kind: invoiceLines.kind, packageId: invoiceLines.packageId })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.courierId, courierId),
        inArray(invoiceLines.packageId, packageIds),
        inArray(invoiceLines.kind, [...PACKAGE_FEE_KINDS]),
        ne(invoices.status, 'void'),
        exceptInvoiceId === null ? undefined : ne(invoices.id, exceptInvoiceId),
      ),
    );
  return new Set(rows.map((r) => `${r.kind}:${r.packageId}`));
}

/**
 * Live delivery requests of these packages whose fee no live invoice carries yet (or only
 * `exceptInvoiceId`, the invoice being recomputed).
 */
export async function unchargedDeliveryRequests(db: Tx, courierId: number, packageIds: number[], exceptInvoiceId: number | null) {
  if (packageIds.length === 0) return [];
  return db
    .selectDistinct({ id: deliveryRequests.id, feeCents: deliveryRequests.feeCents })
    .from(deliveryRequests)
    .innerJoin(deliveryRequestPackages, eq(deliveryRequestPackages.deliveryRequestId, deliveryRequests.id))
    .where(
      and(
        eq(deliveryRequests.courierId, courierId),
        ne(deliveryRequests.status, 'cancelled'),
        inArray(deliveryRequestPackages.packageId, packageIds),
        sql`(${deliveryRequests.feeInvoiceId} is null or ${deliveryRequests.feeInvoiceId} = ${exceptInvoiceId ?? 0}
          or exists (select 1 from ${invoices} i where i.id = ${deliveryRequests.feeInvoiceId} and i.status = 'void'))`,
      ),
    );
}

/** Records which invoice carries these delivery requests' fees. */
export async function markDeliveryFeesCharged(db: Tx, requestIds: number[], invoiceId: number) {
  if (requestIds.length === 0) return;
  await db.update(deliveryRequests).set({ feeInvoiceId: invoiceId }).where(inArray(deliveryRequests.id, requestIds));
}

/**
 * Computes an invoice's lines for packages from the courier's current rates and fees. Fees already
 * charged on another live invoice are left out; `exceptInvoiceId` is the invoice being recomputed.
 */
export async function chargesFor(
  db: Tx,
  courierId: number,
  customerId: number,
  pkgs: ChargeablePackage[],
  customsAssessed: Map<number, number | null>,
  exceptInvoiceId: number | null = null,
) {
  const ids = pkgs.map((p) => p.id);
  // One after another: `db` is usually a transaction, whose single connection runs one query at a time.
  const rates = await getCourierRates(db, courierId);
  const [delivered] = await db
    .select({ n: count() })
    .from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, customerId), eq(packages.status, 'delivered')));
  // A delivery request's fee is charged once, on the invoice of its packages.
  const deliveryFees = await unchargedDeliveryRequests(db, courierId, ids, exceptInvoiceId);
  const charged = await feesAlreadyCharged(db, courierId, ids, exceptInvoiceId);
  const due = (applies: boolean, kind: PackageFeeKind, id: number) => applies && !charged.has(`${kind}:${id}`);
  const chargePackages: ChargePackage[] = pkgs.map((p) => ({
    ref: p.id,
    label: p.packageNumber,
    weightLbs: p.weightLb,
    declaredValueUsdCents: p.declaredValueUsdCents ?? 0,
    customsOverrideCents: customsAssessed.get(p.id) ?? null,
    assignedFromUnknown: due(p.assignedFromUnknown, 'unknown_fee', p.id),
    uncollected: due(p.uncollectedSince !== null, 'uncollected_fee', p.id),
    switchedBranch: due(p.switchedBranchAt !== null, 'switching_fee', p.id),
  }));
  const result = computeCharges({
    ...rates,
    packages: chargePackages,
    lifetimeDeliveredCount: delivered?.n ?? 0,
    deliveryFeeCents: deliveryFees.reduce((s, d) => s + d.feeCents, 0),
  });
  return {
    result,
    gctPercent: rates.gctPercent,
    exchangeRate: rates.exchangeRateJmdPerUsd,
    deliveryRequestIds: deliveryFees.filter((d) => d.feeCents > 0).map((d) => d.id),
  };
}

export async function writeLines(tx: Tx, courierId: number, invoiceId: number, lines: ReturnType<typeof computeCharges>['lines']) {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length === 0) return;
  await tx.insert(invoiceLines).values(
    lines.map((l, i) => ({
      courierId,
      invoiceId,
      position: i + 1,
      kind: l.kind,
      description: l.description,
      packageId: l.packageRef,
      amountCents: l.amountCents,
    })),
  );
}

export const totalsOf = (r: ReturnType<typeof computeCharges>) => ({
  freightCents: r.freightCents,
  discountCents: r.discountCents,
  processingCents: r.processingCents,
  gctCents: r.gctCents,
  customsCents: r.customsCents,
  feesCents: r.feesCents,
  totalCents: r.totalCents,
  membershipTier: r.tier?.name ?? null,
});

/** Package ids already on an invoice that is not void, with that invoice's number. */
async function liveInvoiceOf(db: Tx, courierId: number, packageIds: number[]) {
  if (packageIds.length === 0) return [];
  return db
    .select({ packageId: invoicePackages.packageId, invoiceNo: invoices.invoiceNo })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), inArray(invoicePackages.packageId, packageIds), ne(invoices.status, 'void')));
}

export interface IssueOptions {
  db: Db;
  /** null for demo data: the customer is not e-mailed. */
  mailer: Mailer | null;
  courierId: number;
  customerId: number;
  packageIds: number[];
  /** The staff member issuing it; null when the system issues it (packages turned ready). */
  actor: AuthUser | null;
  /** Set on a re-issue: the void invoice this one replaces, and its customs assessments. */
  replaces?: { invoiceId: number; customsAssessed: Map<number, number | null> };
}

/**
 * Issues one invoice for ready packages of one customer, with the next number of the courier,
 * and e-mails the customer the amount due. The packages module calls this when packages become
 * ready for pickup; staff call it from the invoices screen.
 */
export async function issueInvoiceForPackages(options: IssueOptions): Promise<{ invoiceNo: string; totalCents: number }> {
  const { db, courierId, customerId, actor } = options;
  const packageIds = [...new Set(options.packageIds)];
  if (packageIds.length === 0) throw new AppError('bad_request', BILLING_MESSAGES.choosePackages);

  const issued = await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [customer] = await tx
      .select({
        id: customers.id,
        firstName: customers.firstName,
        email: customers.email,
        branchName: branches.name,
        branchAddress: branches.address,
        branchHours: branches.hours,
      })
      .from(customers)
      .leftJoin(branches, eq(branches.id, customers.branchId))
      .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
    if (!customer) throw new AppError('not_found', BILLING_MESSAGES.customerNotFound);

    // Lock the packages so two issues of the same package cannot both pass the check below.
    const pkgs = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.courierId, courierId), inArray(packages.id, packageIds)))
      .for('update');
    if (pkgs.length !== packageIds.length) throw new AppError('not_found', 'Package not found');
    if (pkgs.some((p) => p.customerId !== customerId)) throw new AppError('unprocessable', BILLING_MESSAGES.packagesNotCustomers);
    if (pkgs.some((p) => p.status !== 'ready_for_pickup')) throw new AppError('unprocessable', BILLING_MESSAGES.packagesNotReady);
    const [taken] = await liveInvoiceOf(tx, courierId, packageIds);
    if (taken) {
      const pkg = pkgs.find((p) => p.id === taken.packageId);
      throw new AppError(
        'conflict',
        BILLING_MESSAGES.packageAlreadyInvoiced(pkg?.packageNumber ?? String(taken.packageId), taken.invoiceNo),
      );
    }

    const customsAssessed = options.replaces?.customsAssessed ?? new Map<number, number | null>();
    const { result, gctPercent, exchangeRate, deliveryRequestIds } = await chargesFor(tx, courierId, customerId, pkgs, customsAssessed);
    const invoiceNo = invoiceNumber(await nextCounter(tx, courierId, 'invoice'));
    const [invoice] = await tx
      .insert(invoices)
      .values({
        courierId,
        customerId,
        invoiceNo,
        ...totalsOf(result),
        status: 'unpaid',
        gctPercent: String(gctPercent),
        exchangeRate,
        issuedBy: actor?.kind === 'user' ? actor.id : null,
        replacesInvoiceId: options.replaces?.invoiceId ?? null,
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('Invoice insert returned nothing');
    await writeLines(tx, courierId, invoice.id, result.lines);
    await markDeliveryFeesCharged(tx, deliveryRequestIds, invoice.id);
    await tx
      .insert(invoicePackages)
      .values(
        pkgs.map((p) => ({ courierId, invoiceId: invoice.id, packageId: p.id, customsAssessedCents: customsAssessed.get(p.id) ?? null })),
      );
    await audit(tx, {
      courierId,
      actor,
      action: options.replaces ? 'invoice.reissued' : 'invoice.issued',
      entity: 'invoice',
      entityId: invoiceNo,
      details: { customerId, packageIds, totalCents: result.totalCents },
    });
    if (options.mailer)
      await options.mailer.enqueue(
        {
          courierId,
          to: customer.email,
          // One e-mail for both news: ready at the branch, and what is due (DOMAIN.md step 6).
          subject: `Package${pkgs.length > 1 ? 's' : ''} ready for pickup: invoice ${invoiceNo}, JMD ${formatAmount(result.totalCents)} due`,
          text: [
            `Hello ${customer.firstName},`,
            '',
            `Your package${pkgs.length > 1 ? 's are' : ' is'} ready for pickup${customer.branchName ? ` at our ${customer.branchName} branch` : ''}.`,
            ...(customer.branchAddress ? [`Address: ${customer.branchAddress}`] : []),
            ...(customer.branchHours ? [`Opening hours: ${customer.branchHours}`] : []),
            `Invoice ${invoiceNo}: JMD ${formatAmount(result.totalCents)} due.`,
            ...pkgs.map((p) => `- ${p.packageNumber} (${p.trackingNumber})`),
            '',
            'You can see the invoice and download it as a PDF under Invoices in your account.',
          ].join('\n'),
        },
        tx,
      );
    return { invoiceNo, totalCents: result.totalCents };
  });
  return issued;
}

// ---------------------------------------------------------------------------------------------
// Reading

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
  const [lines, pkgs, pays, [signature], related, assessments] = await Promise.all([
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

// ---------------------------------------------------------------------------------------------
// Changing

interface StaffChange {
  db: Db;
  courierId: number;
  actor: AuthUser;
  invoiceNo: string;
}

/** Replaces (or clears) the duty customs assessed for one package and recomputes the invoice. */
export async function setCustomsAssessment(options: StaffChange & { packageId: number; assessedCents: number | null }): Promise<void> {
  const { db, courierId, actor, invoiceNo, packageId, assessedCents } = options;
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)))
      .for('update');
    if (!inv) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
    if (inv.status === 'void') throw new AppError('unprocessable', BILLING_MESSAGES.invoiceVoid);
    const { links, pkgs } = await invoicePackageRows(tx, courierId, inv.id);
    if (!links.some((l) => l.packageId === packageId)) throw new AppError('unprocessable', BILLING_MESSAGES.packageNotOnInvoice);
    const customsAssessed = new Map(links.map((l) => [l.packageId, l.packageId === packageId ? assessedCents : l.customsAssessedCents]));
    const { result, deliveryRequestIds } = await chargesFor(tx, courierId, inv.customerId, pkgs, customsAssessed, inv.id);
    if (result.totalCents < inv.paidCents) throw new AppError('unprocessable', BILLING_MESSAGES.customsBelowPaid);
    const duty = result.customs.find((c) => c.ref === packageId);
    const assessedBeforeCents = links.find((l) => l.packageId === packageId)?.customsAssessedCents ?? null;
    await markDeliveryFeesCharged(tx, deliveryRequestIds, inv.id);
    await tx
      .update(invoicePackages)
      .set({ customsAssessedCents: assessedCents })
      .where(and(eq(invoicePackages.invoiceId, inv.id), eq(invoicePackages.packageId, packageId)));
    await writeLines(tx, courierId, inv.id, result.lines);
    await tx
      .update(invoices)
      .set({ ...totalsOf(result), status: statusFor(result.totalCents, inv.paidCents, inv.status), updatedAt: new Date() })
      .where(eq(invoices.id, inv.id));
    await audit(tx, {
      courierId,
      actor,
      action: 'invoice.customs_assessed',
      entity: 'invoice',
      entityId: invoiceNo,
      details: {
        packageId,
        packageNumber: pkgs.find((p) => p.id === packageId)?.packageNumber ?? null,
        computedCents: duty?.computedCents ?? 0,
        assessedBeforeCents,
        assessedCents,
        totalBefore: inv.totalCents,
        totalAfter: result.totalCents,
      },
    });
  });
}

export async function voidInvoice(options: StaffChange & { reason: string }): Promise<void> {
  const { db, courierId, actor, invoiceNo, reason } = options;
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)))
      .for('update');
    if (!inv) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
    if (inv.status === 'void') throw new AppError('conflict', BILLING_MESSAGES.invoiceVoid);
    if (inv.paidCents > 0) throw new AppError('unprocessable', BILLING_MESSAGES.voidHasPayments);
    await tx
      .update(invoices)
      .set({
        status: 'void',
        voidReason: reason,
        voidedAt: new Date(),
        voidedBy: actor.kind === 'user' ? actor.id : null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, inv.id));
    await audit(tx, {
      courierId,
      actor,
      action: 'invoice.voided',
      entity: 'invoice',
      entityId: invoiceNo,
      details: { reason, totalCents: inv.totalCents },
    });
  });
}

/** Issues a new invoice for the packages of a void one, at today's rates, keeping customs assessments. */
export async function reissueInvoice(options: StaffChange & { mailer: Mailer }): Promise<{ invoiceNo: string; totalCents: number }> {
  const { db, courierId, invoiceNo } = options;
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.courierId, courierId), eq(invoices.invoiceNo, invoiceNo)));
  if (!inv) throw new AppError('not_found', BILLING_MESSAGES.invoiceNotFound);
  if (inv.status !== 'void') throw new AppError('unprocessable', BILLING_MESSAGES.invoiceNotVoid);
  const links = await db.select().from(invoicePackages).where(eq(invoicePackages.invoiceId, inv.id));
  const issued = await issueInvoiceForPackages({
    db,
    mailer: options.mailer,
    courierId,
    customerId: inv.customerId,
    packageIds: links.map((l) => l.packageId),
    actor: options.actor,
    replaces: { invoiceId: inv.id, customsAssessed: new Map(links.map((l) => [l.packageId, l.customsAssessedCents])) },
  });
  await audit(db, {
    courierId,
    actor: options.actor,
    action: 'invoice.reissued',
    entity: 'invoice',
    entityId: invoiceNo,
    details: { before: { invoiceNo, totalCents: inv.totalCents }, after: { invoiceNo: issued.invoiceNo, totalCents: issued.totalCents } },
  });
  return issued;
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
