import { eq } from 'drizzle-orm';
import type { WarehouseSettings } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { COURIER_NOT_FOUND } from '../../lib/courier-scope';

/** The courier's warehouse rules: the heavy-weight ceiling, whether every package needs an invoice, and its customs days. */
export async function getWarehouseSettings(db: Db, courierId: number): Promise<WarehouseSettings> {
  const [row] = await db
    .select({ heavyWeightLb: couriers.heavyWeightLb, requireInvoice: couriers.requireInvoice, customsDays: couriers.customsDays })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  if (!row) throw new AppError('not_found', COURIER_NOT_FOUND);
  return { heavyWeightLb: Number(row.heavyWeightLb), requireInvoice: row.requireInvoice, customsDays: row.customsDays };
}

export async function saveWarehouseSettings(
  db: Db,
  actor: AuthUser,
  courierId: number,
  input: WarehouseSettings,
): Promise<WarehouseSettings> {
  const before = await getWarehouseSettings(db, courierId);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(couriers)
      .set({ ...input, customsDays: input.customsDays ?? before.customsDays, updatedAt: new Date() })
      .where(eq(couriers.id, courierId));
    await audit(tx, {
      courierId,
      actor,
      action: 'warehouse_settings.updated',
      entity: 'courier',
      entityId: courierId,
      details: { before, after: { ...before, ...input } },
    });
  });
  return getWarehouseSettings(db, courierId);
}
