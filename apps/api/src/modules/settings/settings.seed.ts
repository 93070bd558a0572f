import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierFeeSettings, processingFees } from '../../db/schema/courier-fees';
import { couriers } from '../../db/schema/couriers';
import { adoptLegacyFees, createFee } from '../fees/fees.service';

/**
 * The demo courier's fees: the values the 'Manage Shipping Fees' form suggests and a
 * small processing-fee table by weight.
 */
export async function seedSettingsDemo(db: Db, courierCode = 'JXP'): Promise<void> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.code, courierCode));
  if (!courier) return;
  await db
    .insert(courierFeeSettings)
    .values({
      courierId: courier.id,
      gctTenthsPercent: 165,
      unknownFeeCents: 50_000,
      uncollectedFeeCents: 30_000,
      switchingFeeCents: 20_000,
    })
    .onConflictDoNothing();
  await db.insert(processingFees).values([
    { courierId: courier.id, weightRange: '0.1lbs to 5lbs', minWeightLbs: 0.1, maxWeightLbs: 5, feeCents: 30_000 },
    { courierId: courier.id, weightRange: '5lbs to 20lbs', minWeightLbs: 5, maxWeightLbs: 20, feeCents: 50_000 },
    { courierId: courier.id, weightRange: '20lbs to 100lbs', minWeightLbs: 20, maxWeightLbs: 100, feeCents: 80_000 },
  ]);
  // The figures above as the fee engine's entries, as the migration moved every courier's.
  await adoptLegacyFees(db, courier.id);
  // Insurance (2% of the declared value, at least JMD 600) as the demo courier's own fee. Storage is
  // left for the admin to add: demo parcels ready for weeks would owe it at once.
  await createFee({
    db,
    courierId: courier.id,
    actor: null,
    input: {
      appliesTo: 'package',
      code: 'insurance',
      name: 'Insurance',
      method: 'percent_value',
      percent: 2,
      minimum: 600,
      effectiveFrom: '2000-01-01',
    },
    now: new Date('2000-01-01T12:00:00Z'),
  });
}
