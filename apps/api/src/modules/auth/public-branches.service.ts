import { and, asc, eq } from 'drizzle-orm';
import { AUTH_API_MESSAGES } from '@courier/shared/schemas/auth';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';
import { AppError } from '../../lib/errors';

/** A courier's active branches, for its registration form. Only an active courier answers. */
export async function publicBranches(db: Db, courierId: number): Promise<Array<{ id: number; name: string }>> {
  // A suspended courier is as unknown as an id that names none.
  const [courier] = await db.select({ id: couriers.id, status: couriers.status }).from(couriers).where(eq(couriers.id, courierId)).limit(1);
  if (courier?.status !== 'active') throw new AppError('not_found', AUTH_API_MESSAGES.courierNotFound);
  return db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.courierId, courier.id), eq(branches.active, true)))
    .orderBy(asc(branches.name));
}
