import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';

// Marks other modules keep on a package (its shelf, its insurance, a storage reminder), written
// here so the packages table has one writer. The rules deciding them stay in those modules.

/** The shelf a package is put on (put-away or a move). */
export async function shelvePackage(db: Db, courierId: number, packageId: number, shelfId: number): Promise<void> {
  await db
    .update(packages)
    .set({ shelfId, updatedAt: new Date() })
    .where(and(eq(packages.id, packageId), eq(packages.courierId, courierId)));
}

/** A shelf taken down: parcels that left keep their last shelf in the timeline only. */
export async function clearShelf(db: Db, courierId: number, shelfId: number): Promise<void> {
  await db
    .update(packages)
    .set({ shelfId: null })
    .where(and(eq(packages.courierId, courierId), eq(packages.shelfId, shelfId)));
}

/** Insures a package for its declared value, or takes the insurance off. */
export async function setInsured(db: Db, courierId: number, packageId: number, insured: boolean, now = new Date()): Promise<void> {
  await db
    .update(packages)
    .set({ insured, updatedAt: now })
    .where(and(eq(packages.id, packageId), eq(packages.courierId, courierId)));
}

/** The customer was reminded (or is past reminding) of storage fees for these packages. */
export async function markStorageReminded(db: Db, packageIds: number[], now: Date): Promise<void> {
  if (packageIds.length === 0) return;
  await db.update(packages).set({ storageReminderAt: now }).where(inArray(packages.id, packageIds));
}
