import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import type { Mailer } from '../../lib/mailer';
import { chargeLeavingStorage, storageDaysOnLeaving } from '../invoices/index';

/**
 * Packages leaving the warehouse: the days each waited for storage are fixed on it once, and what
 * is still owed goes on its invoice before the release rule weighs the balance. Running it again
 * changes nothing.
 */
export async function chargeStorageOnLeaving(options: {
  db: Db;
  mailer: Mailer | null;
  courierId: number;
  packageIds: number[];
  /** The real instant (the courier's clock is read from it); now when left out. */
  at?: Date;
}) {
  const { db, courierId } = options;
  const waited = await storageDaysOnLeaving(db, courierId, options.packageIds, options.at);
  for (const p of waited) {
    await db
      .update(packages)
      .set({ storageDays: p.days })
      .where(and(eq(packages.courierId, courierId), eq(packages.id, p.id)));
  }
  await chargeLeavingStorage({ ...options, packageIds: waited.map((p) => p.id) });
}
