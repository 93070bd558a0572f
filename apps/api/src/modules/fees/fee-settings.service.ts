import type { Db } from '../../db/client';
import { courierFeeSettings } from '../../db/schema/courier-fees';

/** The figures of the Additional Fees tab, as stored. */
export interface FeeSettingsValues {
  gctTenthsPercent: number;
  unknownFeeCents: number;
  uncollectedFeeCents: number;
  switchingFeeCents: number;
  updatedAt: Date;
}

/** Writes the courier's Additional Fees row (made on first save); run inside the caller's transaction. */
export async function saveFeeSettings(
  db: Db,
  courierId: number,
  values: FeeSettingsValues,
): Promise<typeof courierFeeSettings.$inferSelect> {
  const [row] = await db
    .insert(courierFeeSettings)
    .values({ courierId, ...values })
    .onConflictDoUpdate({ target: courierFeeSettings.courierId, set: values })
    .returning();
  if (!row) throw new Error('Fee settings upsert returned nothing');
  return row;
}
