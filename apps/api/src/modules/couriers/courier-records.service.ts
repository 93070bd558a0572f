import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';

// The one writer of couriers for other modules: a new tenant and the super admin's switches
// (platform), the two-factor policy (auth), warehouse settings, the test clock and the fee review
// (settings), the referral rewards (account-credit). Each caller audits its own change.

/** A new courier row; returns its id. Run inside the transaction that sets the tenant up. */
export async function insertCourier(db: Db, values: typeof couriers.$inferInsert): Promise<number> {
  const [row] = await db.insert(couriers).values(values).returning({ id: couriers.id });
  if (!row) throw new Error('Courier insert returned nothing');
  return row.id;
}

/** Changes the columns given on one courier (a SQL expression may compute one from its value). */
export async function changeCourier(db: Db, courierId: number, values: PgUpdateSetSource<typeof couriers>): Promise<void> {
  await db.update(couriers).set(values).where(eq(couriers.id, courierId));
}
