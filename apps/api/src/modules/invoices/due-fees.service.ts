import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ChargeLineKind } from '@courier/shared/domain/charges';
import { chargeableStorageDays, feeCents } from '@courier/shared/domain/fees';

import { tellCustomer } from '../notifications/index';
import { invoiceMailLine } from './invoice-mail';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { customers } from '../../db/schema/customers';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import type { Mailer } from '../../lib/mailer';
import { getCourierRates } from '../settings/index';
import {
  type PackageFeeKind,
  feesAlreadyCharged,
  invoiceStatusFor,
  markDeliveryFeesCharged,
  unchargedDeliveryRequests,
} from './invoice-charges';
import { invoiceNumber } from './invoice-issuing.service';
import { formatJmd } from '@courier/shared/format/money';
import { publish } from '../../lib/domain-events';
import { type FeeLine, appendLines, lockLiveInvoices } from './fee-lines.service';
import { invoiceDeliveryFees } from '../../db/schema/invoice-delivery-fees';

// Fees that arise after a package's invoice was issued (uncollected, switching, delivery, a returned or
// disposed parcel's), each charged once: on its open invoice, else on a small fee invoice; and a
// cancelled delivery's fee given back.

/**
 * Puts the fees that became due after an invoice was issued (uncollected, switching, delivery) on
 * the package's open invoice as extra lines, or, when that invoice is already paid, on a small
 * separate invoice. A fee already on a live invoice is never charged again, so this may run any
 * number of times. Packages on no live invoice are left alone: their invoice carries the fees when
 * it is issued.
 */
export async function chargeDueFees(options: { db: Db; mailer: Mailer | null; courierId: number; packageIds: number[] }): Promise<void> {
  const { db, courierId } = options;
  const ids = [...new Set(options.packageIds)];
  if (ids.length === 0) return;
  // Lock the invoices first: two runs for the same package then see each other's lines.
  const { links, invoiceById } = await lockLiveInvoices(db, courierId, ids);
  if (links.length === 0) return;
  const invoiceOf = new Map<number, number>();
  for (const l of links) if (invoiceById.has(l.invoiceId)) invoiceOf.set(l.packageId, l.invoiceId);
  const invoicedIds = [...invoiceOf.keys()];
  if (invoicedIds.length === 0) return;

  // One after another: a transaction's single connection runs one query at a time.
  // Fees added to an invoice are priced at the rates of the invoice's day; a new fee invoice at today's.
  const rates = await getCourierRates(db, courierId);
  const ratesOf = new Map<number, Awaited<ReturnType<typeof getCourierRates>>>();
  for (const inv of invoiceById.values()) {
    ratesOf.set(inv.id, inv.status === 'paid' ? rates : await getCourierRates(db, courierId, inv.issuedAt));
  }
  const pkgs = await db
    .select()
    .from(packages)
    .where(and(eq(packages.courierId, courierId), inArray(packages.id, invoicedIds)));
  const charged = await feesAlreadyCharged(db, courierId, invoicedIds, null);
  const requests = await unchargedDeliveryRequests(db, courierId, invoicedIds, null);
  const linesByInvoice = new Map<number, { lines: FeeLine[]; requestIds: number[] }>();
  const target = (invoiceId: number) => {
    const entry = linesByInvoice.get(invoiceId) ?? { lines: [], requestIds: [] };
    linesByInvoice.set(invoiceId, entry);
    return entry;
  };
  for (const p of pkgs) {
    const invoiceId = invoiceOf.get(p.id);
    if (invoiceId === undefined) continue;
    const r = ratesOf.get(invoiceId) ?? rates;
    const fees: Array<[boolean, ChargeLineKind, string, number, number | null]> = [
      [p.assignedFromUnknown, 'unknown_fee', 'Unknown fee', r.unknownFeeCents, r.specFees.unknown_fee?.versionId ?? null],
      [
        p.uncollectedSince !== null,
        'uncollected_fee',
        'Uncollected fee',
        r.uncollectedFeeCents,
        r.specFees.uncollected_fee?.versionId ?? null,
      ],
      [p.switchedBranchAt !== null, 'switching_fee', 'Switching fee', r.switchingFeeCents, r.specFees.switching_fee?.versionId ?? null],
    ];
    const storage = r.storageFee;
    if (storage && p.storageDays !== null) {
      const days = chargeableStorageDays(storage, p.storageDays);
      const cents = feeCents(storage, {
        days: p.storageDays,
        weightLbs: p.weightLb,
        valueCents: Math.round((p.declaredValueUsdCents ?? 0) * r.exchangeRateJmdPerUsd),
      });
      fees.push([
        true,
        'storage_fee',
        `Storage ${p.packageNumber} (${days} ${days === 1 ? 'day' : 'days'} after ${storage.freeDays} free)`,
        cents,
        storage.versionId,
      ]);
    }
    for (const [applies, kind, name, cents, feeVersionId] of fees) {
      if (!applies || cents <= 0 || charged.has(`${kind}:${p.id}`)) continue;
      const description = kind === 'storage_fee' ? name : `${name} ${p.packageNumber}`;
      target(invoiceId).lines.push({
        kind,
        description,
        packageId: p.id,
        amountCents: cents,
        ...(feeVersionId === null ? {} : { feeVersionId }),
      });
    }
  }
  if (requests.length > 0) {
    const requestPackages = await db
      .select({ requestId: deliveryRequestPackages.deliveryRequestId, packageId: deliveryRequestPackages.packageId })
      .from(deliveryRequestPackages)
      .where(
        inArray(
          deliveryRequestPackages.deliveryRequestId,
          requests.map((r) => r.id),
        ),
      )
      .orderBy(deliveryRequestPackages.packageId);
    for (const r of requests) {
      if (r.feeCents <= 0) continue;
      // The fee goes on the invoice of the request's first invoiced package.
      const invoiceId = requestPackages.filter((rp) => rp.requestId === r.id).map((rp) => invoiceOf.get(rp.packageId))[0];
      if (invoiceId === undefined) continue;
      const entry = target(invoiceId);
      entry.lines.push({ kind: 'delivery_fee', description: 'Delivery fee', packageId: null, amountCents: r.feeCents });
      entry.requestIds.push(r.id);
    }
  }

  // Fees for paid invoices go on one new invoice per customer.
  const forNewInvoice = new Map<number, { lines: FeeLine[]; requestIds: number[] }>();
  for (const [invoiceId, entry] of linesByInvoice) {
    const inv = invoiceById.get(invoiceId);
    if (!inv || entry.lines.length === 0) continue;
    if (inv.status === 'paid') {
      const bucket = forNewInvoice.get(inv.customerId) ?? { lines: [], requestIds: [] };
      bucket.lines.push(...entry.lines);
      bucket.requestIds.push(...entry.requestIds);
      forNewInvoice.set(inv.customerId, bucket);
      continue;
    }
    await appendLines(db, courierId, inv, entry.lines);
    await markDeliveryFeesCharged(db, entry.requestIds, inv.id);
  }
  for (const [customerId, bucket] of forNewInvoice) {
    await issueFeeInvoice(db, options.mailer, courierId, customerId, bucket, {
      gctPercent: rates.gctPercent,
      exchangeRate: rates.exchangeRateJmdPerUsd,
    });
  }
}

/**
 * Charges one per-package fee now, once: on the package's open invoice, else on a small fee invoice
 * of its own (`whenNoInvoice: 'issue'`, for a parcel that will never be invoiced, such as one
 * returned or disposed of), or left for the package's invoice when it is issued (`'wait'`).
 * A fee already on a live invoice is not charged again. Runs inside the caller's transaction.
 */
export async function chargePackageFee(options: {
  db: Db;
  mailer: Mailer | null;
  courierId: number;
  packageId: number;
  line: FeeLine & { kind: PackageFeeKind };
  whenNoInvoice: 'issue' | 'wait';
  why: string;
}): Promise<string | null> {
  const { db, courierId, packageId, line } = options;
  if (line.amountCents <= 0) return null;
  const [pkg] = await db
    .select({ customerId: packages.customerId })
    .from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.id, packageId)))
    .for('update');
  if (!pkg?.customerId) return null;
  if ((await feesAlreadyCharged(db, courierId, [packageId], null)).has(`${line.kind}:${packageId}`)) return null;
  const [link] = await db
    .select({ invoiceId: invoicePackages.invoiceId })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), eq(invoicePackages.packageId, packageId), ne(invoices.status, 'void')));
  const [inv] = link ? await db.select().from(invoices).where(eq(invoices.id, link.invoiceId)).for('update') : [];
  if (inv && inv.status !== 'paid' && inv.status !== 'void') {
    await appendLines(db, courierId, inv, [line]);
    return inv.invoiceNo;
  }
  if (!inv && options.whenNoInvoice === 'wait') return null;
  const rates = await getCourierRates(db, courierId);
  return issueFeeInvoice(
    db,
    options.mailer,
    courierId,
    pkg.customerId,
    { lines: [line], requestIds: [] },
    { gctPercent: rates.gctPercent, exchangeRate: rates.exchangeRateJmdPerUsd },
    options.why,
  );
}

/** A small invoice for fees that arose after the package's own invoice was paid (or of a parcel never invoiced). */
export async function issueFeeInvoice(
  db: Db,
  mailer: Mailer | null,
  courierId: number,
  customerId: number,
  bucket: { lines: FeeLine[]; requestIds: number[] },
  rates: { gctPercent: number; exchangeRate: number },
  why = 'A fee was added after your invoice was paid.',
): Promise<string> {
  const totalCents = bucket.lines.reduce((s, l) => s + l.amountCents, 0);
  const invoiceNo = invoiceNumber(await nextCounter(db, courierId, 'invoice'));
  const [inv] = await db
    .insert(invoices)
    .values({
      courierId,
      customerId,
      invoiceNo,
      feesCents: totalCents,
      totalCents,
      status: 'unpaid',
      gctPercent: String(rates.gctPercent),
      exchangeRate: rates.exchangeRate,
    })
    .returning({ id: invoices.id });
  if (!inv) throw new Error('Invoice insert returned nothing');
  await db.insert(invoiceLines).values(bucket.lines.map((l, i) => ({ courierId, invoiceId: inv.id, position: i + 1, ...l })));
  await markDeliveryFeesCharged(db, bucket.requestIds, inv.id);
  await audit(db, {
    courierId,
    actor: null,
    action: 'invoice.issued',
    entity: 'invoice',
    entityId: invoiceNo,
    details: { customerId, fees: bucket.lines.map((l) => l.kind), totalCents },
  });
  if (mailer)
    await publish({ db, mailer }, courierId, 'invoice.issued', { invoiceId: inv.id, invoiceNo, customerId, totalCents, packageIds: [] });
  const [customer] = await db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (mailer && customer) {
    await tellCustomer(db, mailer, {
      kind: 'invoice_issued',
      courierId,
      customerId,
      notice: {
        title: `Invoice ${invoiceNo}: ${formatJmd(totalCents)} due`,
        body: bucket.lines.map((l) => l.description).join(', '),
        target: { kind: 'invoice', ref: invoiceNo },
      },
      mail: {
        to: customer.email,
        subject: `Invoice ${invoiceNo}: ${formatJmd(totalCents)} due`,
        text: [
          `Hello ${customer.firstName},`,
          '',
          `${why} Invoice ${invoiceNo}: ${formatJmd(totalCents)} due.`,
          ...bucket.lines.map((l) => `- ${l.description}: ${formatJmd(l.amountCents)}`),
          '',
          await invoiceMailLine(db, mailer, courierId, invoiceNo),
        ].join('\n'),
      },
    });
  }
  return invoiceNo;
}

/**
 * A cancelled delivery request does not cost its fee: the fee line comes off the invoice that
 * carries it while that invoice can still give it back (not paid beyond the lower total). A fee
 * invoice left with nothing is voided. Otherwise the fee stays and staff settle it by hand.
 */
export async function releaseDeliveryFee(db: Db, courierId: number, requestId: number): Promise<void> {
  const [request] = await db
    .select({ feeCents: deliveryRequests.feeCents, feeInvoiceId: invoiceDeliveryFees.invoiceId })
    .from(deliveryRequests)
    .leftJoin(invoiceDeliveryFees, eq(invoiceDeliveryFees.deliveryRequestId, deliveryRequests.id))
    .where(and(eq(deliveryRequests.id, requestId), eq(deliveryRequests.courierId, courierId)));
  if (!request?.feeInvoiceId || request.feeCents <= 0) return;
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, request.feeInvoiceId)).for('update');
  if (!inv || inv.status === 'void' || inv.totalCents - request.feeCents < inv.paidCents) return;
  const [line] = await db
    .select({ id: invoiceLines.id })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, inv.id), eq(invoiceLines.kind, 'delivery_fee'), eq(invoiceLines.amountCents, request.feeCents)))
    .limit(1);
  if (!line) return;
  await db.delete(invoiceLines).where(eq(invoiceLines.id, line.id));
  await db.delete(invoiceDeliveryFees).where(eq(invoiceDeliveryFees.deliveryRequestId, requestId));
  const totalCents = inv.totalCents - request.feeCents;
  const emptyFeeInvoice = totalCents === 0 && inv.paidCents === 0;
  await db
    .update(invoices)
    .set({
      feesCents: inv.feesCents - request.feeCents,
      totalCents,
      status: emptyFeeInvoice ? 'void' : invoiceStatusFor(totalCents, inv.paidCents, inv.status),
      voidReason: emptyFeeInvoice ? 'Delivery request cancelled' : inv.voidReason,
      voidedAt: emptyFeeInvoice ? new Date() : inv.voidedAt,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, inv.id));
  await audit(db, {
    courierId,
    actor: null,
    action: 'invoice.delivery_fee_released',
    entity: 'invoice',
    entityId: inv.invoiceNo,
    details: { deliveryRequestId: requestId, feeCents: request.feeCents, totalBefore: inv.totalCents, totalAfter: totalCents },
  });
}
