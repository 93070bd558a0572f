import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consolidationRequestPackages } from '../../db/schema/consolidation-requests';
import { packages } from '../../db/schema/packages';
import { type Actor, writeEvent } from './package-status.service';

type PackageRecord = typeof packages.$inferSelect;

// A consolidation's marks on its packages, and which packages a request holds
// (consolidation_request_packages). The request itself is forwarding's; these rows are ours.

/** The packages wait for a consolidation request (they show on it, and are not shipped alone). */
export async function holdForConsolidation(tx: Db, courierId: number, packageIds: number[], requestId: number): Promise<void> {
  if (packageIds.length === 0) return;
  await tx.insert(consolidationRequestPackages).values(packageIds.map((packageId) => ({ courierId, requestId, packageId })));
  await tx
    .update(packages)
    .set({ consolidationRequestId: requestId, updatedAt: new Date() })
    .where(and(eq(packages.courierId, courierId), inArray(packages.id, packageIds)));
}

/** The request's packages (or those named) go back to shipping as they are. */
export async function releaseFromConsolidation(
  tx: Db,
  courierId: number,
  which: { requestId: number } | { packageIds: number[] },
): Promise<void> {
  if ('packageIds' in which && which.packageIds.length === 0) return;
  await tx
    .update(packages)
    .set({ consolidationRequestId: null, updatedAt: new Date() })
    .where(
      and(
        eq(packages.courierId, courierId),
        'requestId' in which ? eq(packages.consolidationRequestId, which.requestId) : inArray(packages.id, which.packageIds),
      ),
    );
}

/**
 * Repacked packages are closed as consolidated into the new parcel: their own action, never a
 * status change (nothing leaves or arrives), each with its timeline entry.
 */
export async function consolidateInto(
  tx: Db,
  parcel: Pick<PackageRecord, 'id' | 'courierId' | 'packageNumber'>,
  repacked: PackageRecord[],
  actor: Actor,
): Promise<void> {
  const now = new Date();
  for (const p of repacked) {
    await tx
      .update(packages)
      .set({ status: 'consolidated', consolidatedIntoId: parcel.id, consolidationRequestId: null, updatedAt: now })
      .where(and(eq(packages.courierId, parcel.courierId), eq(packages.id, p.id)));
    await writeEvent(tx, {
      courierId: parcel.courierId,
      packageId: p.id,
      status: 'consolidated',
      fromStatus: p.status,
      actor,
      note: `Consolidated into ${parcel.packageNumber}`,
    });
  }
}
