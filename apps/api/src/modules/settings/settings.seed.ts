import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierFeeSettings } from '../../db/schema/courier-fees';
import { couriers } from '../../db/schema/couriers';
import { startCourierFees } from './fees.service';

/**
 * The demo courier's fees: the default fee book every courier starts with (GCT 15% since April
 * 2020, 16.5% before; processing by weight; insurance 2%, at least JMD 600; the services; the
 * customs rates), with the Manage Shipping Fees form saved. Storage is left for the admin to add:
 * demo parcels ready for weeks would owe it at once.
 */
export async function seedSettingsDemo(db: Db, courierCode = 'JXP'): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  await db
    .insert(courierFeeSettings)
    .values({
      courierId: courier.id,
      gctTenthsPercent: 150,
      unknownFeeCents: 50_000,
      uncollectedFeeCents: 30_000,
      switchingFeeCents: 20_000,
    })
    .onConflictDoNothing();
  await startCourierFees(db, courier.id, { omit: ['storage'] });
}
