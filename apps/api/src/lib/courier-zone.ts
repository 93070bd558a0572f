import { eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@courier/shared/domain/datetime';
import type { Db } from '../db/client';
import { couriers } from '../db/schema/couriers';

/** The courier's time zone setting; the platform default (America/Jamaica) without a courier. */
export async function courierTimeZone(db: Db, courierId: number | null): Promise<string> {
  if (courierId === null) return DEFAULT_TIME_ZONE;
  const [row] = await db.select({ timeZone: couriers.timeZone }).from(couriers).where(eq(couriers.id, courierId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
