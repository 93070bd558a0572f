import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierFeeSettings } from '../../db/schema/courier-fees';
import { audit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';

/** The courier's return/disposal fee for a hazardous parcel (0 until set). */
export async function hazardFeeOf(db: Db, courierId: number): Promise<number> {
  const [row] = await db
    .select({ fee: courierFeeSettings.hazardFeeCents })
    .from(courierFeeSettings)
    .where(eq(courierFeeSettings.courierId, courierId));
  return row?.fee ?? 0;
}

/** Sets the hazard fee; the change and its audit entry are one transaction. */
export async function setHazardFee(db: Db, actor: AuthUser, courierId: number, hazardFeeCents: number): Promise<number> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx
      .select({ fee: courierFeeSettings.hazardFeeCents })
      .from(courierFeeSettings)
      .where(eq(courierFeeSettings.courierId, courierId))
      .for('update');
    await tx
      .insert(courierFeeSettings)
      .values({ courierId, hazardFeeCents })
      .onConflictDoUpdate({ target: courierFeeSettings.courierId, set: { hazardFeeCents, updatedAt: new Date() } });
    await audit(tx, {
      courierId,
      actor,
      action: 'additional_fees.hazard_fee_updated',
      entity: 'courier',
      entityId: courierId,
      details: { from: before?.fee ?? 0, to: hazardFeeCents },
    });
  });
  return hazardFeeCents;
}
