import { and, eq, sql } from 'drizzle-orm';
import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { HEAVY_WEIGHT_CODE, PACKAGE_MESSAGES, type PackageDetail, type updatePackageSchema } from '@courier/shared/schemas/packages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { manifests } from '../../db/schema/manifests';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { invoiceReadyPackages, liveInvoiceOfPackage, recomputeInvoice, refuseIfPaid, removePackageFromInvoice } from '../invoices/index';
import { enqueuePackageEmail } from './package-emails.service';
import { type PackageRow, findPackage } from './package-rows.service';
import { actorOf, writeEvent } from './package-status.service';
import { detailOf } from './package-queries.service';
import type { Services } from '../../context';
import { recordScope } from '../../lib/courier-scope';
import { reopenPreAlert } from '../pre-alerts/index';

/**
 * Corrections after receiving: the warehouse fixes a typo in the weight, the
 * dimensions, the mode, the description, the declared value or the customer; or voids a package
 * received by mistake. Each change is written to the package's timeline and to the audit log with
 * before and after, and an unpaid invoice follows it; a paid one refuses it.
 */

type Correction = z.output<typeof updatePackageSchema>;
type Change = { from: unknown; to: unknown };

const FIELD_LABELS = {
  weightLb: 'weight (lb)',
  lengthIn: 'length (in)',
  widthIn: 'width (in)',
  heightIn: 'height (in)',
  mode: 'mode',
  description: 'description',
  merchant: 'merchant',
  declaredValueUsdCents: 'declared value (USD cents)',
  branchId: 'branch',
} as const;
type Field = keyof typeof FIELD_LABELS;

/** What charges depend on: a change of these reaches the invoice. */
const BILLED: ReadonlySet<string> = new Set(['weightLb', 'declaredValueUsdCents', 'customer']);

const asNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '(none)' : String(v));

async function loadPackage(db: Db, user: AuthUser, id: number): Promise<PackageRow> {
  const row = await findPackage(db, id, recordScope(user));
  if (!row) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  if (row.pkg.voidedAt) throw new AppError('conflict', PACKAGE_MESSAGES.isVoided);
  return row;
}

/** The fields that really change, old and new; text emptied means none. */
function diff(pkg: PackageRow['pkg'], input: Correction): Partial<Record<Field, Change>> {
  const changes: Partial<Record<Field, Change>> = {};
  for (const key of Object.keys(FIELD_LABELS) as Field[]) {
    if (input[key] === undefined) continue;
    const numeric = key === 'weightLb' || key.endsWith('In') || key === 'declaredValueUsdCents' || key === 'branchId';
    const before = numeric ? asNumber(pkg[key]) : (pkg[key] ?? null);
    const raw = input[key];
    const after = numeric ? asNumber(raw) : raw === '' ? null : (raw ?? null);
    if (before !== after) changes[key] = { from: before, to: after };
  }
  return changes;
}

/**
 * The row still has the updated_at the correction read. Compared to the millisecond: PostgreSQL
 * keeps microseconds, a JavaScript Date only milliseconds, so plain equality never matches there.
 */
const unchangedSince = (readAt: Date) => sql`date_trunc('milliseconds', ${packages.updatedAt}) = ${readAt.toISOString()}::timestamptz`;

export async function correctPackage(s: Services, user: AuthUser, id: number, input: Correction): Promise<PackageDetail> {
  const row = await loadPackage(s.db, user, id);
  const pkg = row.pkg;
  const courierId = pkg.courierId;
  const changes: Record<string, Change> = diff(pkg, input);

  if (changes.branchId) {
    const [b] = await s.db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, Number(changes.branchId.to)), eq(branches.courierId, courierId)));
    if (!b) throw new AppError('not_found', 'Branch not found');
  }
  if (changes.mode && pkg.manifestId !== null) throw new AppError('conflict', PACKAGE_MESSAGES.modeOnManifest);

  let customer: { id: number; branchId: number | null; mailboxNumber: string } | undefined;
  if (input.customerId !== undefined && input.customerId !== pkg.customerId) {
    [customer] = await s.db
      .select({ id: customers.id, branchId: customers.branchId, mailboxNumber: customers.mailboxNumber })
      .from(customers)
      .where(and(eq(customers.courierId, courierId), eq(customers.id, input.customerId)));
    if (!customer) throw new AppError('not_found', PACKAGE_MESSAGES.customerNotFound);
    if (pkg.status === 'unknown') throw new AppError('conflict', 'Assign an unknown package from Unknown packages');
    if (pkg.status === 'delivered' || pkg.status === 'abandoned')
      throw new AppError('conflict', `A package that is ${PACKAGE_STATUS_LABELS[pkg.status]} cannot change customer`);
    changes.customer = { from: row.mailboxNumber, to: customer.mailboxNumber };
  }

  if (changes.weightLb && !input.confirmHeavy) {
    const [courier] = await s.db.select({ heavyWeightLb: couriers.heavyWeightLb }).from(couriers).where(eq(couriers.id, courierId));
    const ceiling = Number(courier?.heavyWeightLb ?? 150);
    const weight = Number(changes.weightLb.to);
    if (weight > ceiling) throw new AppError('conflict', PACKAGE_MESSAGES.heavyWeight(weight, ceiling), undefined, HEAVY_WEIGHT_CODE);
  }

  if (Object.keys(changes).length === 0) return detailOf(s.db, courierId, id);
  const billed = Object.keys(changes).some((k) => BILLED.has(k));
  const summary = Object.entries(changes)
    .map(([k, c]) => `${k === 'customer' ? 'customer mailbox' : FIELD_LABELS[k as Field]} ${show(c.from)} → ${show(c.to)}`)
    .join('; ');

  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const invoice = billed ? await liveInvoiceOfPackage(tx, courierId, id) : undefined;
    refuseIfPaid(invoice);
    const set: Partial<typeof packages.$inferInsert> = { updatedAt: new Date() };
    for (const [k, c] of Object.entries(changes)) if (k !== 'customer') Object.assign(set, { [k]: c.to });
    if (customer) Object.assign(set, { customerId: customer.id, branchId: customer.branchId });
    const [updated] = await tx
      .update(packages)
      .set(set)
      .where(and(eq(packages.id, id), eq(packages.courierId, courierId), unchangedSince(pkg.updatedAt)))
      .returning();
    if (!updated) throw new AppError('conflict', `${pkg.packageNumber}: the package changed meanwhile; please reload`);
    const note = `Corrected: ${summary}${input.note ? ` (${input.note})` : ''}`;
    await writeEvent(tx, { courierId, packageId: id, status: pkg.status, fromStatus: pkg.status, actor: actorOf(user), note });
    await audit(tx, {
      courierId,
      actor: user,
      action: 'package.corrected',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { changes, note: input.note ?? null },
    });
    if (invoice && customer) {
      // The invoice was the old customer's: the package leaves it, and the new customer is invoiced.
      await removePackageFromInvoice(tx, {
        courierId,
        invoice,
        packageId: id,
        actor: user,
        reason: `${pkg.packageNumber} corrected: ${summary}`,
      });
      await invoiceReadyPackages({ db: tx, mailer: s.mailer, courierId, packageIds: [id] });
    } else if (invoice) {
      await recomputeInvoice(tx, { courierId, invoice, actor: user, reason: `${pkg.packageNumber} corrected: ${summary}` });
    }
    if (customer) await enqueuePackageEmail(tx, s.mailer, 'received', { ...updated, description: updated.description });
  });
  return detailOf(s.db, courierId, id);
}

/**
 * Voids a package received by mistake: it stays for the record (never deleted) but leaves the
 * lists, its pre-alert waits for the real package again, an open manifest lets it go, and an
 * unpaid invoice drops it. A delivered package, or one whose invoice took money, cannot be voided.
 */
export async function voidPackage(s: Services, user: AuthUser, id: number, reason: string): Promise<PackageDetail> {
  const row = await loadPackage(s.db, user, id);
  const pkg = row.pkg;
  const courierId = pkg.courierId;
  if (pkg.status === 'delivered') throw new AppError('conflict', `A package that is ${PACKAGE_STATUS_LABELS.delivered} cannot be voided`);
  await s.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const invoice = await liveInvoiceOfPackage(tx, courierId, id);
    refuseIfPaid(invoice);
    let manifestId = pkg.manifestId;
    if (manifestId !== null) {
      const [m] = await tx
        .select({ status: manifests.status, number: manifests.manifestNumber })
        .from(manifests)
        .where(eq(manifests.id, manifestId));
      // An open manifest lets the package go; a shipped one keeps it, so reconciliation shows it missing.
      if (m?.status === 'open') manifestId = null;
      else if (m?.status === 'closed') throw new AppError('conflict', PACKAGE_MESSAGES.voidOnClosedManifest(m.number));
    }
    const now = new Date();
    const [updated] = await tx
      .update(packages)
      .set({
        status: 'voided',
        voidedAt: now,
        voidReason: reason,
        voidedBy: user.kind === 'user' ? user.id : null,
        manifestId,
        updatedAt: now,
      })
      .where(and(eq(packages.id, id), eq(packages.courierId, courierId), unchangedSince(pkg.updatedAt)))
      .returning({ id: packages.id });
    if (!updated) throw new AppError('conflict', `${pkg.packageNumber}: the package changed meanwhile; please reload`);
    if (pkg.preAlertId !== null) {
      await reopenPreAlert(tx, pkg.preAlertId, { onlyIfReceived: true, at: now });
    }
    await writeEvent(tx, {
      courierId,
      packageId: id,
      status: 'voided',
      fromStatus: pkg.status,
      actor: actorOf(user),
      note: `Voided: ${reason}`,
    });
    await audit(tx, {
      courierId,
      actor: user,
      action: 'package.voided',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: { reason, status: pkg.status, manifestId: pkg.manifestId, invoiceNo: invoice?.invoiceNo ?? null },
    });
    if (invoice)
      await removePackageFromInvoice(tx, {
        courierId,
        invoice,
        packageId: id,
        actor: user,
        reason: `${pkg.packageNumber} voided: ${reason}`,
      });
  });
  const detail = await detailOf(s.db, courierId, id);
  return { ...detail, nextStatuses: [] };
}
