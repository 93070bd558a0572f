import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PackageStatus } from '@courier/shared/constants/packages';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { packageEvents } from '../../db/schema/package-events';
import { packages } from '../../db/schema/packages';
import { subscriber } from '../../lib/domain-events';
import type { Mailer } from '../../lib/mailer';
import { chargeDueFees } from '../invoices/index';

/** From here on a package has left the US: a change of pickup branch then costs the switching fee. */
const MANIFESTED_UNDELIVERED: PackageStatus[] = ['in_transit', 'at_customs', 'in_transfer', 'ready_for_pickup', 'out_for_delivery'];

/**
 * The customer's pickup branch changed: their packages still on the way or waiting follow them to
 * the new branch, and those already manifested carry the switching fee (recorded once per package,
 * charged once).
 */
export async function followCustomerBranch(options: {
  db: Db;
  mailer: Mailer | null;
  courierId: number;
  customerId: number;
  branchId: number;
  /** The staff member who changed it; null when the customer did. */
  userId: number | null;
}): Promise<void> {
  const { db, courierId, customerId, branchId } = options;
  const now = new Date();
  const manifested = or(
    inArray(packages.status, MANIFESTED_UNDELIVERED),
    and(eq(packages.status, 'on_hold'), inArray(packages.heldFrom, MANIFESTED_UNDELIVERED)),
  );
  const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
  const switched = await db
    .update(packages)
    .set({ branchId, switchedBranchAt: sql`coalesce(${packages.switchedBranchAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, customerId), manifested))
    .returning();
  // Not yet manifested: the package simply goes to the new branch, free of charge.
  await db
    .update(packages)
    .set({ branchId, updatedAt: now })
    .where(and(eq(packages.courierId, courierId), eq(packages.customerId, customerId), eq(packages.status, 'received')));
  if (switched.length === 0) return;
  await db.insert(packageEvents).values(
    switched.map((p) => ({
      courierId,
      packageId: p.id,
      status: p.status,
      fromStatus: p.status,
      userId: options.userId,
      branchId,
      note: `Pickup branch changed to ${branch?.name ?? 'another branch'}: switching fee applies`,
    })),
  );
  await chargeDueFees({
    db,
    mailer: options.mailer,
    courierId,
    packageIds: switched.map((p) => p.id),
  });
}

/** A customer's new pickup branch: their packages follow it. */
export const packagesFollowBranch = subscriber({
  name: 'packages.follow-branch',
  on: 'customer.branch_changed',
  async handle({ db, mailer }, { courierId, data }) {
    await followCustomerBranch({ db, mailer, courierId, customerId: data.customerId, branchId: data.branchId, userId: data.userId });
  },
});
