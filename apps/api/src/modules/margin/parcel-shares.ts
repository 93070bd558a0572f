import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { allocateByWeight } from '@courier/shared/domain/cost-allocation';
import { billableWeight } from '@courier/shared/domain/charges';
import { chargeableWeight } from '@courier/shared/domain/volumetric';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { sumCents } from '../../lib/sum-cents';
import { volumetricRuleOf } from '../settings/index';

/** Lines that are not the courier's revenue: GCT is owed to the tax office, duty to customs. */
export const TAX_LINE_KINDS = ['gct', 'customs_duty'] as const;

export interface Parcel {
  id: number;
  manifestId: number;
  packageNumber: string;
  customerId: number | null;
  customer: string | null;
  mailboxNumber: string | null;
  /** Whole pounds billed: the greater of actual and volumetric, rounded up; 0 for an unweighed parcel. */
  billableLb: number;
}

/** The parcels of these manifests (voided ones aside), each with its billable weight, in package order. */
export async function parcelsOf(db: Db, courierId: number, manifestIds: number[]): Promise<Parcel[]> {
  if (manifestIds.length === 0) return [];
  const rule = await volumetricRuleOf(db, courierId);
  const rows = await db
    .select({
      id: packages.id,
      manifestId: packages.manifestId,
      packageNumber: packages.packageNumber,
      customerId: packages.customerId,
      customer: sql<string | null>`${customers.firstName} || ' ' || ${customers.lastName}`,
      mailboxNumber: customers.mailboxNumber,
      weightLb: packages.weightLb,
      lengthIn: packages.lengthIn,
      widthIn: packages.widthIn,
      heightIn: packages.heightIn,
      mode: packages.mode,
    })
    .from(packages)
    .leftJoin(customers, eq(customers.id, packages.customerId))
    .where(and(eq(packages.courierId, courierId), inArray(packages.manifestId, manifestIds), isNull(packages.voidedAt)))
    .orderBy(packages.id);
  return rows.map((r) => ({
    id: r.id,
    manifestId: r.manifestId as number,
    packageNumber: r.packageNumber,
    customerId: r.customerId,
    customer: r.customer,
    mailboxNumber: r.mailboxNumber,
    billableLb: r.weightLb > 0 ? billableWeight(chargeableWeight(r, rule).chargedLb) : 0,
  }));
}

/**
 * Each manifest's cost spread over its parcels by billable weight (largest remainder, so the cents
 * add up); a manifest whose parcels weigh nothing keeps its cost unallocated.
 */
export function shareCosts(
  costByManifest: Map<number, number>,
  parcels: Parcel[],
): { shares: Map<number, number>; unallocatedCents: number } {
  const shares = new Map<number, number>();
  let unallocatedCents = 0;
  for (const [manifestId, cents] of costByManifest) {
    const own = parcels.filter((p) => p.manifestId === manifestId);
    if (own.every((p) => p.billableLb === 0)) {
      unallocatedCents += cents;
      continue;
    }
    for (const s of allocateByWeight(
      cents,
      own.map((p) => ({ id: p.id, weightLb: p.billableLb })),
    ))
      shares.set(s.id, s.cents);
  }
  return { shares, unallocatedCents };
}

/**
 * Each parcel's revenue (JMD cents) on invoices that are not void, taxes and duty aside: its own
 * lines, and an invoice's lines of no parcel (discount, delivery, a coupon) go to the invoice's
 * first parcel, so every cent of revenue belongs to one parcel and one flight.
 */
export async function revenueOfParcels(db: Db, courierId: number, manifestIds: number[]): Promise<Map<number, number>> {
  if (manifestIds.length === 0) return new Map();
  const owner = sql`coalesce(${invoiceLines.packageId}, (select min(ip.package_id) from ${invoicePackages} ip where ip.invoice_id = ${invoices.id}))`;
  const rows = await db
    .select({ packageId: packages.id, cents: sumCents(invoiceLines.amountCents) })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(packages, sql`${packages.id} = ${owner}`)
    .where(
      and(
        eq(invoiceLines.courierId, courierId),
        eq(invoices.courierId, courierId),
        ne(invoices.status, 'void'),
        notInArray(invoiceLines.kind, [...TAX_LINE_KINDS]),
        eq(packages.courierId, courierId),
        inArray(packages.manifestId, manifestIds),
      ),
    )
    .groupBy(packages.id);
  return new Map(rows.map((r) => [r.packageId, r.cents]));
}
