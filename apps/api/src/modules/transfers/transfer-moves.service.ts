import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branchTransferPackages, type branchTransfers } from '../../db/schema/branch-transfers';
import type { Mailer } from '../../lib/mailer';
import { invoiceReadyPackages, packagesOnLiveInvoice } from '../invoices/index';
import { PackageNoticeBatch, sendPackageNotices, findPackagesByIds, type Actor, transitionPackage } from '../packages/index';

type Transfer = typeof branchTransfers.$inferSelect;

/** Every parcel loaded on the transfer goes in transfer, through the state machine; returns how many. */
export async function sendParcels(mailer: Mailer, db: Db, t: Transfer, fromName: string, toName: string, actor: Actor): Promise<number> {
  const lines = await db
    .select({ packageId: branchTransferPackages.packageId })
    .from(branchTransferPackages)
    .where(
      and(
        eq(branchTransferPackages.courierId, t.courierId),
        eq(branchTransferPackages.transferId, t.id),
        eq(branchTransferPackages.result, 'loaded'),
      ),
    );
  const ids = lines.flatMap((l) => (l.packageId === null ? [] : [l.packageId]));
  const rows = await findPackagesByIds(db, ids, t.courierId);
  for (const row of rows) {
    await transitionPackage(
      db,
      mailer,
      row.pkg,
      'in_transfer',
      { ...actor, branchId: t.fromBranchId },
      {
        viaTransfer: true,
        note: `Sent from ${fromName} to ${toName} on ${t.transferNumber}`,
      },
    );
  }
  return rows.length;
}

/**
 * Parcels scanned in at the receiving branch become ready there: each customer's newly ready
 * parcels are invoiced together, and told once (feed, push, SMS, WhatsApp, e-mail) that they are
 * ready at that branch. A parcel whose customer moved to yet another branch meanwhile is refused
 * by the branch rule and stays in transfer, to travel on.
 */
export async function readyOnArrival(
  mailer: Mailer,
  db: Db,
  t: Transfer,
  toName: string,
  packageIds: number[],
  actor: Actor,
): Promise<void> {
  if (packageIds.length === 0) return;
  const rows = (await findPackagesByIds(db, packageIds, t.courierId)).filter((r) => r.pkg.status === 'in_transfer');
  const alreadyInvoiced = await packagesOnLiveInvoice(
    db,
    t.courierId,
    rows.map((r) => r.pkg.id),
  );
  const notices = new PackageNoticeBatch();
  const ready: number[] = [];
  for (const { pkg } of rows) {
    if (pkg.branchId !== t.toBranchId) continue;
    await transitionPackage(
      db,
      mailer,
      pkg,
      'ready_for_pickup',
      { ...actor, branchId: t.toBranchId },
      {
        viaTransfer: true,
        atBranchId: t.toBranchId,
        note: `Arrived at ${toName} on ${t.transferNumber}`,
        emailByInvoice: pkg.customerId !== null && !alreadyInvoiced.has(pkg.id),
        notices,
      },
    );
    ready.push(pkg.id);
  }
  await invoiceReadyPackages({ db, mailer, courierId: t.courierId, packageIds: ready });
  await sendPackageNotices(db, mailer, notices);
}
