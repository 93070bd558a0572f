import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';

// Which manifest a package flies on. The manifest is its module's; the mark on the package is ours.

/** Puts packages on a manifest, those not already on one; returns the ids it put on. */
export async function putOnManifest(db: Db, courierId: number, manifestId: number, packageIds: number[]): Promise<number[]> {
  if (packageIds.length === 0) return [];
  const rows = await db
    .update(packages)
    .set({ manifestId, updatedAt: new Date() })
    .where(and(inArray(packages.id, packageIds), eq(packages.courierId, courierId), isNull(packages.manifestId)))
    .returning({ id: packages.id });
  return rows.map((r) => r.id);
}

/** Takes a package off the manifest it is on; false when it was not on that one. */
export async function takeOffManifest(db: Db, courierId: number, manifestId: number, packageId: number): Promise<boolean> {
  const [removed] = await db
    .update(packages)
    .set({ manifestId: null, updatedAt: new Date() })
    .where(and(eq(packages.id, packageId), eq(packages.courierId, courierId), eq(packages.manifestId, manifestId)))
    .returning({ id: packages.id });
  return Boolean(removed);
}
