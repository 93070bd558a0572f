import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { InvoiceStatus } from '@courier/shared/constants/billing';
import type { ShippingMode } from '@courier/shared/constants/packages';
import { type ChargePackage, computeCharges } from '@courier/shared/domain/charges';
import { type VolumetricRule, volumetricWeight } from '@courier/shared/domain/volumetric';
import type { Db } from '../../db/client';
import { consolidationRequests } from '../../db/schema/consolidation-requests';
import { contentsPhotoRequests } from '../../db/schema/contents-photo-requests';
import { returnRequests } from '../../db/schema/return-requests';
import { customers } from '../../db/schema/customers';
import { deliveryRequestPackages } from '../../db/schema/delivery-request-packages';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import type { TariffClass } from '@courier/shared/domain/customs';
import { getCourierRates } from '../settings/index';
import { invoiceDeliveryFees } from '../../db/schema/invoice-delivery-fees';

// What an invoice charges: its lines and totals from the courier's rates and fees, each fee once.

interface ChargeablePackage {
  id: number;
  packageNumber: string;
  weightLb: number;
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  mode: ShippingMode;
  declaredValueUsdCents: number | null;
  tariffClass: TariffClass;
  assignedFromUnknown: boolean;
  uncollectedSince: Date | null;
  switchedBranchAt: Date | null;
  insured: boolean | null;
  storageDays: number | null;
  hazardFeeCents: number | null;
}

/** Fees charged once per package, on whichever live invoice took them first. */
export const PACKAGE_FEE_KINDS = [
  'unknown_fee',
  'uncollected_fee',
  'switching_fee',
  'consolidation_fee',
  'storage_fee',
  'hazard_fee',
  'contents_photo_fee',
  'return_fee',
] as const;
export type PackageFeeKind = (typeof PACKAGE_FEE_KINDS)[number];

/**
 * The per-package fees already on a live invoice other than `exceptInvoiceId`, as `kind:packageId`:
 * each fee is charged once, on whichever live invoice took it first (the package's own invoice, or a
 * small fee invoice when that one was already paid).
 */
export async function feesAlreadyCharged(db: Db, courierId: number, packageIds: number[], exceptInvoiceId: number | null) {
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
export async function unchargedDeliveryRequests(db: Db, courierId: number, packageIds: number[], exceptInvoiceId: number | null) {
  if (packageIds.length === 0) return [];
  return db
    .selectDistinct({ id: deliveryRequests.id, feeCents: deliveryRequests.feeCents })
    .from(deliveryRequests)
    .innerJoin(deliveryRequestPackages, eq(deliveryRequestPackages.deliveryRequestId, deliveryRequests.id))
    .leftJoin(invoiceDeliveryFees, eq(invoiceDeliveryFees.deliveryRequestId, deliveryRequests.id))
    .where(
      and(
        eq(deliveryRequests.courierId, courierId),
        ne(deliveryRequests.status, 'cancelled'),
        inArray(deliveryRequestPackages.packageId, packageIds),
        sql`(${invoiceDeliveryFees.invoiceId} is null or ${invoiceDeliveryFees.invoiceId} = ${exceptInvoiceId ?? 0}
          or exists (select 1 from ${invoices} i where i.id = ${invoiceDeliveryFees.invoiceId} and i.status = 'void'))`,
      ),
    );
}

/** Records which invoice carries these delivery requests' fees (of the invoice's courier). */
export async function markDeliveryFeesCharged(db: Db, requestIds: number[], invoiceId: number) {
  if (requestIds.length === 0) return;
  const [inv] = await db.select({ courierId: invoices.courierId }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw new Error('Invoice not found for its delivery fees');
  await db
    .insert(invoiceDeliveryFees)
    .values([...new Set(requestIds)].map((deliveryRequestId) => ({ deliveryRequestId, courierId: inv.courierId, invoiceId })))
    .onConflictDoUpdate({ target: invoiceDeliveryFees.deliveryRequestId, set: { invoiceId } });
}

/**
 * Computes an invoice's lines for packages from the courier's rates and the fees in force on the
 * invoice's day (`at`: now for a new invoice, its issue time when it is priced again, so it keeps
 * its day's rates). Fees already charged on another live invoice are left out; `exceptInvoiceId`
 * is the invoice being recomputed.
 * Freight takes the greater of actual and volumetric weight under `volumetric`: the courier's rule
 * when issuing, the invoice's own (kept at issue) when recomputing.
 */
export async function chargesFor(
  db: Db,
  courierId: number,
  customerId: number,
  pkgs: ChargeablePackage[],
  customsAssessed: Map<number, number | null>,
  volumetric: VolumetricRule,
  exceptInvoiceId: number | null = null,
  at: Date = new Date(),
) {
  const ids = pkgs.map((p) => p.id);
  // One after another: `db` is usually a transaction, whose single connection runs one query at a time.
  const rates = await getCourierRates(db, courierId, at);
  const [delivered] = await db
    .select({ n: count() })
    .from(packages)
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, customerId), eq(packages.status, 'delivered')));
  // A delivery request's fee is charged once, on the invoice of its packages.
  const deliveryFees = await unchargedDeliveryRequests(db, courierId, ids, exceptInvoiceId);
  const charged = await feesAlreadyCharged(db, courierId, ids, exceptInvoiceId);
  const [customer] = await db.select({ insureByDefault: customers.insureByDefault }).from(customers).where(eq(customers.id, customerId));
  const due = (applies: boolean, kind: PackageFeeKind, id: number) => applies && !charged.has(`${kind}:${id}`);
  // A parcel made by a consolidation carries that request's fee (the price when the customer asked).
  const consolidations = ids.length
    ? await db
        .select({
          packageId: consolidationRequests.newPackageId,
          feeCents: consolidationRequests.feeCents,
          feeVersionId: consolidationRequests.feeVersionId,
        })
        .from(consolidationRequests)
        .where(
          and(
            eq(consolidationRequests.courierId, courierId),
            eq(consolidationRequests.status, 'completed'),
            inArray(consolidationRequests.newPackageId, ids),
          ),
        )
    : [];
  // A photo of contents taken at the customer's request carries the fee they confirmed.
  const photoRows = ids.length
    ? await db
        .select({
          packageId: contentsPhotoRequests.packageId,
          cents: contentsPhotoRequests.feeCents,
          name: contentsPhotoRequests.feeName,
          feeVersionId: contentsPhotoRequests.feeVersionId,
        })
        .from(contentsPhotoRequests)
        .where(
          and(
            eq(contentsPhotoRequests.courierId, courierId),
            inArray(contentsPhotoRequests.packageId, ids),
            eq(contentsPhotoRequests.status, 'done'),
          ),
        )
    : [];
  const contentsPhoto = (id: number) => photoRows.find((r) => r.packageId === id) ?? null;
  // A return or discard done at the customer's request carries the fee they confirmed.
  const returnRows = ids.length
    ? await db
        .select({
          packageId: returnRequests.packageId,
          cents: returnRequests.feeCents,
          name: returnRequests.feeName,
          feeVersionId: returnRequests.feeVersionId,
        })
        .from(returnRequests)
        .where(and(eq(returnRequests.courierId, courierId), inArray(returnRequests.packageId, ids), eq(returnRequests.status, 'done')))
    : [];
  const returnFee = (id: number) => returnRows.find((r) => r.packageId === id) ?? null;
  const consolidationFee = (id: number) => consolidations.find((c) => c.packageId === id)?.feeCents ?? 0;
  const consolidationFeeVersion = (id: number) => consolidations.find((c) => c.packageId === id)?.feeVersionId ?? null;
  const chargePackages: ChargePackage[] = pkgs.map((p) => ({
    ref: p.id,
    label: p.packageNumber,
    weightLbs: p.weightLb,
    volumetricWeightLbs: volumetricWeight(p, volumetric),
    declaredValueUsdCents: p.declaredValueUsdCents ?? 0,
    customsOverrideCents: customsAssessed.get(p.id) ?? null,
    tariffClass: p.tariffClass,
    assignedFromUnknown: due(p.assignedFromUnknown, 'unknown_fee', p.id),
    uncollected: due(p.uncollectedSince !== null, 'uncollected_fee', p.id),
    switchedBranch: due(p.switchedBranchAt !== null, 'switching_fee', p.id),
    consolidationFeeCents: due(consolidationFee(p.id) > 0, 'consolidation_fee', p.id) ? consolidationFee(p.id) : 0,
    consolidationFeeVersionId: consolidationFeeVersion(p.id),
    // The return/disposal fee fixed when staff chose it for a hazardous parcel.
    hazardFeeCents: due((p.hazardFeeCents ?? 0) > 0, 'hazard_fee', p.id) ? (p.hazardFeeCents ?? 0) : 0,
    contentsPhotoFee: due(contentsPhoto(p.id) !== null, 'contents_photo_fee', p.id) ? contentsPhoto(p.id) : null,
    returnFee: due(returnFee(p.id) !== null, 'return_fee', p.id) ? returnFee(p.id) : null,
    // A package without its own choice follows the customer's "insure every package".
    insured: p.insured ?? customer?.insureByDefault ?? false,
    // Storage is charged once, for the days counted when the package left.
    storageDays: due(p.storageDays !== null, 'storage_fee', p.id) ? p.storageDays : null,
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

/**
 * Writes an invoice's priced lines. Its coupon lines stay as they are, after the new ones: a coupon
 * given is not taken back by a new pricing. Returns their sum (zero or negative) for the totals.
 */
export async function writeLines(tx: Db, courierId: number, invoiceId: number, lines: ReturnType<typeof computeCharges>['lines']) {
  const kept = await tx
    .select({ id: invoiceLines.id, amountCents: invoiceLines.amountCents })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.kind, 'coupon')))
    .orderBy(invoiceLines.position);
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, invoiceId), ne(invoiceLines.kind, 'coupon')));
  if (lines.length > 0)
    await tx.insert(invoiceLines).values(
      lines.map((l, i) => ({
        courierId,
        invoiceId,
        position: i + 1,
        kind: l.kind,
        description: l.description,
        packageId: l.packageRef,
        amountCents: l.amountCents,
        feeVersionId: l.feeVersionId ?? null,
      })),
    );
  for (const [i, k] of kept.entries())
    await tx
      .update(invoiceLines)
      .set({ position: lines.length + i + 1 })
      .where(eq(invoiceLines.id, k.id));
  return kept.reduce((s, k) => s + k.amountCents, 0);
}

/** The invoice's totals from its priced lines, less its coupons (`couponCents`, zero or negative). */
export const totalsOf = (r: ReturnType<typeof computeCharges>, couponCents = 0) => ({
  freightCents: r.freightCents,
  discountCents: r.discountCents,
  processingCents: r.processingCents,
  gctCents: r.gctCents,
  customsCents: r.customsCents,
  feesCents: r.feesCents,
  totalCents: Math.max(0, r.totalCents + couponCents),
  membershipTier: r.tier?.name ?? null,
});

export const invoiceStatusFor = (total: number, paid: number, current: InvoiceStatus): InvoiceStatus => {
  if (current === 'void') return 'void';
  if (paid <= 0) return 'unpaid';
  return paid >= total ? 'paid' : 'partially_paid';
};
