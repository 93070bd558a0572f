import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { hasPermission } from '@courier/shared/domain/permissions';
import { LEAVING_STATUSES, releaseVerdict } from '@courier/shared/domain/release';
import type { PackageStatus } from '@courier/shared/constants/packages';
import type { ReleaseOverrideInput } from '@courier/shared/schemas/release';
import type { Db } from '../../db/client';
import { invoiceLines } from '../../db/schema/invoice-lines';
import { invoicePackages } from '../../db/schema/invoice-packages';
import { invoices } from '../../db/schema/invoices';
import type { packages } from '../../db/schema/packages';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** The ways a package leaves us; written to the audit row of an override. */
export type ReleaseVia = 'counter_collection' | 'home_delivery' | 'status_change';

/** Who releases a package, how, and whether they override an unpaid invoice. */
export interface Release extends ReleaseOverrideInput {
  actor: AuthUser;
  via: ReleaseVia;
  /** What the release belongs to, for the audit row (an invoice number, a delivery request). */
  reference?: string;
  /** Out for delivery to a zone that takes cash on delivery: the balance is collected at the door. */
  cashOnDelivery?: boolean;
}

export const isLeaving = (status: PackageStatus) => LEAVING_STATUSES.includes(status);

/**
 * The invoice that decides the release: the package's own live invoice, unless a live invoice
 * charging a fee of this package (a fee invoice issued after its own was paid, such as storage)
 * still has a balance; then that one, so an unpaid fee blocks the release like any unpaid invoice.
 */
async function invoiceOf(db: Db, courierId: number, packageId: number) {
  const [own] = await db
    .select({ invoiceNo: invoices.invoiceNo, totalCents: invoices.totalCents, paidCents: invoices.paidCents })
    .from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .where(and(eq(invoicePackages.courierId, courierId), eq(invoicePackages.packageId, packageId), ne(invoices.status, 'void')))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  if (!own) return null;
  const [feeInvoice] = await db
    .selectDistinct({
      invoiceNo: invoices.invoiceNo,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      issuedAt: invoices.issuedAt,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.courierId, courierId),
        eq(invoiceLines.packageId, packageId),
        ne(invoices.status, 'void'),
        ne(invoices.invoiceNo, own.invoiceNo),
        gt(sql`${invoices.totalCents} - ${invoices.paidCents}`, 0),
      ),
    )
    .orderBy(invoices.issuedAt)
    .limit(1);
  const deciding = own.totalCents - own.paidCents > 0 || !feeInvoice ? own : feeInvoice;
  return { invoiceNo: deciding.invoiceNo, balanceCents: deciding.totalCents - deciding.paidCents };
}

const STATUS_OF_REFUSAL = {
  held: 'conflict',
  not_invoiced: 'conflict',
  unpaid: 'unprocessable',
  override_not_allowed: 'forbidden',
  reason_required: 'bad_request',
} as const;

/**
 * The one place the release rule is enforced (domain/release): throws the rule's refusal, and
 * writes an audit row when the package leaves unpaid on someone's override. Called by
 * `transitionPackage` for every move to a leaving status, inside the move's transaction.
 */
export async function ensureReleasable(
  db: Db,
  pkg: Pick<typeof packages.$inferSelect, 'id' | 'courierId' | 'packageNumber' | 'status'>,
  to: PackageStatus,
  release: Release,
): Promise<void> {
  const invoice = await invoiceOf(db, pkg.courierId, pkg.id);
  const verdict = releaseVerdict(
    {
      packageNumber: pkg.packageNumber,
      status: pkg.status,
      invoice,
      cashOnDeliveryDispatch: to === 'out_for_delivery' && release.cashOnDelivery === true,
    },
    {
      requested: release.allowUnpaid === true,
      permitted: hasPermission(release.actor, 'release_override'),
      reason: release.overrideReason,
    },
  );
  if (!verdict.ok) throw new AppError(STATUS_OF_REFUSAL[verdict.refusal], verdict.message);
  if (verdict.overridden) {
    await audit(db, {
      courierId: pkg.courierId,
      actor: release.actor,
      action: 'package.release_overridden',
      entity: 'package',
      entityId: pkg.packageNumber,
      details: {
        via: release.via,
        reference: release.reference ?? null,
        reason: release.overrideReason?.trim(),
        invoiceNo: invoice?.invoiceNo,
        balanceCents: invoice?.balanceCents,
        from: pkg.status,
        to,
      },
    });
  }
}
