import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { manifests } from '../../db/schema/manifests';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';

type PackageRecord = typeof packages.$inferSelect;
/** Who did it, and at which branch. */
type Actor = { userId: number | null; branchId: number | null };

/**
 * Where the parcel is and where it is collected, for the branch rule: its recorded branch, else the
 * branch its manifest arrived at; the names only when they differ (for the refusal).
 */
export async function branchesOf(db: Db, pkg: PackageRecord, atBranchId?: number | null) {
  let at = atBranchId ?? pkg.atBranchId;
  if (!at && pkg.manifestId) {
    const [m] = await db
      .select({ branchId: manifests.branchId })
      .from(manifests)
      .where(and(eq(manifests.id, pkg.manifestId), eq(manifests.courierId, pkg.courierId)));
    at = m?.branchId ?? null;
  }
  const collect = pkg.branchId;
  if (!at || !collect || at === collect) return { at: at ?? null, collect };
  const names = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.courierId, pkg.courierId), inArray(branches.id, [at, collect])));
  const nameOf = (id: number) => names.find((b) => b.id === id)?.name ?? null;
  return { at, collect, atName: nameOf(at), collectName: nameOf(collect) };
}

/**
 * A parcel cleared customs at a branch other than its customer's: it stays at customs there, free
 * to travel on a branch transfer, and its timeline says so. Not ready, so the customer is not told.
 */
export async function clearForTransfer(
  db: Db,
  pkg: PackageRecord,
  where: { at: number; atName?: string | null; collectName?: string | null },
  actor: Actor,
): Promise<void> {
  const now = new Date();
  await db
    .update(packages)
    .set({ clearedAt: pkg.clearedAt ?? now, atBranchId: where.at, updatedAt: now })
    .where(and(eq(packages.id, pkg.id), eq(packages.courierId, pkg.courierId)));
  await noteOn(
    db,
    pkg,
    { ...actor, branchId: where.at },
    `Cleared customs at ${where.atName ?? 'this branch'}; collected at ${where.collectName ?? 'another branch'}: waits for a transfer`,
  );
}

/** A line on the parcel's timeline that changes no status (put on a transfer, scanned in, missing). */
export async function noteOn(db: Db, pkg: Pick<PackageRecord, 'id' | 'courierId' | 'status'>, actor: Actor, note: string): Promise<void> {
  await db.insert(packageEvents).values({
    courierId: pkg.courierId,
    packageId: pkg.id,
    status: pkg.status,
    fromStatus: pkg.status,
    userId: actor.userId,
    branchId: actor.branchId,
    note,
  });
}

/** The parcel is now at this branch (a transfer's arrival scan), with the line that says so. */
export async function placeAt(db: Db, pkg: PackageRecord, branchId: number, actor: Actor, note: string): Promise<void> {
  await db
    .update(packages)
    .set({ atBranchId: branchId, updatedAt: new Date() })
    .where(and(eq(packages.id, pkg.id), eq(packages.courierId, pkg.courierId)));
  await noteOn(db, pkg, { ...actor, branchId }, note);
}
