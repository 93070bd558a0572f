import { recogniseCarrier } from '@courier/shared/domain/carrier';
import type { Db } from '../../db/client';
import { reserveCounters } from '../../db/counters';
import { packages } from '../../db/schema/packages';

type PackageRecord = typeof packages.$inferSelect;

/** A new package's fields; its number comes from the courier's sequence. */
export type NewPackage = Omit<
  typeof packages.$inferInsert,
  'id' | 'courierId' | 'packageNumber' | 'trackingNumber' | 'createdAt' | 'updatedAt'
> & {
  /** Left out, the package is known by its own number (a repacked parcel). */
  trackingNumber?: string;
};

export const packageNumberOf = (n: number) => `PKG-${String(n).padStart(6, '0')}`;

/**
 * The one way packages come to exist (scanned, imported from the agent's file, repacked from a
 * consolidation): numbered together from the courier's sequence, the carrier recognised from the
 * tracking number unless given. With `skipTaken` a tracking number's box received meanwhile is
 * skipped by the unique index, never doubled (it is left out of the result); otherwise it throws.
 * Run it in the caller's transaction, with its timeline event and notices.
 */
export async function createPackages(
  tx: Db,
  courierId: number,
  rows: NewPackage[],
  options: { skipTaken?: boolean } = {},
): Promise<PackageRecord[]> {
  if (rows.length === 0) return [];
  const first = await reserveCounters(tx, courierId, 'package', rows.length);
  const values = rows.map((row, i) => {
    const packageNumber = packageNumberOf(first + i);
    const trackingNumber = row.trackingNumber ?? packageNumber;
    return { ...row, courierId, packageNumber, trackingNumber, carrier: row.carrier ?? recogniseCarrier(trackingNumber) };
  });
  const insert = tx.insert(packages).values(values);
  return options.skipTaken ? insert.onConflictDoNothing().returning() : insert.returning();
}

/** One package (see createPackages). */
export async function createPackage(tx: Db, courierId: number, row: NewPackage): Promise<PackageRecord> {
  const [created] = await createPackages(tx, courierId, [row]);
  if (!created) throw new Error('Package insert returned nothing');
  return created;
}
