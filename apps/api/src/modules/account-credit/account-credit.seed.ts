import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema/account-credit';
import { couriers } from '../../db/schema/couriers';

/** Demo referral rewards and a welcome coupon for the demo courier (kept when already there). */
export async function seedAccountCreditDemo(db: Db, courierCode = 'JXP'): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  await db.update(couriers).set({ referrerRewardCents: 500_00, referredRewardCents: 250_00 }).where(eq(couriers.id, courier.id));
  await db
    .insert(coupons)
    .values({ courierId: courier.id, code: 'JXPWELCOME', kind: 'percent', percent: 10, maxUses: 100 })
    .onConflictDoNothing();
}
