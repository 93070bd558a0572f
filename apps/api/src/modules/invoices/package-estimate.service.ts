import { and, eq, ne } from 'drizzle-orm';
import { chargeableWeight } from '@courier/shared/domain/volumetric';
import { billableWeight } from '@courier/shared/domain/charges';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import type { PackageEstimate } from '@courier/shared/schemas/package-estimate';
import type { Db } from '../../db/client';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import { volumetricRuleOf } from '../settings/index';
import { chargesFor } from './invoice-charges';

/**
 * A parcel's charges before it is invoiced, from the same pricing an invoice uses (`chargesFor`
 * with the courier's volumetric rule and today's fees): what the customer will owe, shown while
 * they can still decide. Reads only. `customerId` limits it to the customer's own parcel.
 */
export async function estimatePackage(
  db: Db,
  where: { courierId: number; packageId: number; customerId: number | null },
): Promise<PackageEstimate> {
  const { courierId, packageId } = where;
  const [pkg] = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.id, packageId),
        eq(packages.courierId, courierId),
        where.customerId === null ? undefined : eq(packages.customerId, where.customerId),
      ),
    );
  if (!pkg) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  const rule = await volumetricRuleOf(db, courierId);
  const weight = chargeableWeight(pkg, rule);
  const base = {
    actualWeightLb: weight.actualLb,
    volumetricWeightLb: weight.volumetricLb,
    billableWeightLb: billableWeight(weight.chargedLb),
    weightBasis: weight.basis,
  };
  const [invoiced] = await db
    .select({ invoiceNo: invoices.invoiceNo })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), eq(invoicePackages.packageId, pkg.id), ne(invoices.status, 'void')))
    .limit(1);
  if (invoiced) return { ...base, invoiceNo: invoiced.invoiceNo, lines: [], totalCents: 0 };
  const { result } = await chargesFor(db, courierId, pkg.customerId ?? 0, [pkg], new Map(), rule);
  return {
    ...base,
    invoiceNo: null,
    lines: result.lines.map((l) => ({ kind: l.kind, description: l.description, amountCents: l.amountCents })),
    totalCents: result.totalCents,
  };
}
