import { eq } from 'drizzle-orm';
import type { VolumetricRule } from '@courier/shared/domain/volumetric';
import type { WarehouseSettings, WarehouseSettingsInput } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { COURIER_NOT_FOUND } from '../../lib/courier-scope';
import { changeCourier } from '../couriers/index';

/** The courier's warehouse rules: the heavy-weight ceiling, whether every package needs an invoice, its customs days, volumetric billing. */
export async function getWarehouseSettings(db: Db, courierId: number): Promise<WarehouseSettings> {
  const [row] = await db
    .select({
      heavyWeightLb: couriers.heavyWeightLb,
      requireInvoice: couriers.requireInvoice,
      customsDays: couriers.customsDays,
      volumetricAir: couriers.volumetricAir,
      airDivisorIn3PerLb: couriers.airDivisorIn3PerLb,
      volumetricSea: couriers.volumetricSea,
      seaLbPerFt3: couriers.seaLbPerFt3,
    })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  if (!row) throw new AppError('not_found', COURIER_NOT_FOUND);
  return {
    ...row,
    heavyWeightLb: Number(row.heavyWeightLb),
    airDivisorIn3PerLb: Number(row.airDivisorIn3PerLb),
    seaLbPerFt3: Number(row.seaLbPerFt3),
  };
}

/** The volumetric rule billing applies now: a mode the courier left off bills the actual weight. */
export async function volumetricRuleOf(db: Db, courierId: number): Promise<VolumetricRule> {
  const s = await getWarehouseSettings(db, courierId);
  return {
    airDivisorIn3PerLb: s.volumetricAir ? s.airDivisorIn3PerLb : null,
    seaLbPerFt3: s.volumetricSea ? s.seaLbPerFt3 : null,
  };
}

export async function saveWarehouseSettings(
  db: Db,
  actor: AuthUser,
  courierId: number,
  changes: WarehouseSettingsInput,
): Promise<WarehouseSettings> {
  const before = await getWarehouseSettings(db, courierId);
  const input: WarehouseSettings = { ...before, ...changes };
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await changeCourier(tx, courierId, { ...input, customsDays: input.customsDays ?? before.customsDays, updatedAt: new Date() });
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
