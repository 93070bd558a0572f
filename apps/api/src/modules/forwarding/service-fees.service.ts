import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_FEE_RULE, type ShopFeeRule } from '@courier/shared/domain/shop-for-me';
import type { ServiceFees } from '@courier/shared/schemas/services';
import type { Db } from '../../db/client';
import { courierServiceFees } from '../../db/schema/consolidation-requests';
import { audit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';

/**
 * The one place the services are priced until the fee engine holds them: a consolidation fee per
 * request (JMD 500.00 unless the courier set its own) and the Shop For Me fee (the spec's 10% of
 * item cost, minimum USD 5, unless the courier set its own).
 */
export const DEFAULT_SERVICE_FEES: ServiceFees = {
  consolidationFeeCents: 50_000,
  shopFeePercentTenths: DEFAULT_SHOP_FEE_RULE.percentTenths,
  shopFeeMinimumUsdCents: DEFAULT_SHOP_FEE_RULE.minimumUsdCents,
};

export async function serviceFees(db: Db, courierId: number): Promise<ServiceFees> {
  const [row] = await db.select().from(courierServiceFees).where(eq(courierServiceFees.courierId, courierId));
  if (!row) return DEFAULT_SERVICE_FEES;
  return {
    consolidationFeeCents: row.consolidationFeeCents,
    shopFeePercentTenths: row.shopFeePercentTenths,
    shopFeeMinimumUsdCents: row.shopFeeMinimumUsdCents,
  };
}

export const shopFeeRule = (fees: ServiceFees): ShopFeeRule => ({
  percentTenths: fees.shopFeePercentTenths,
  minimumUsdCents: fees.shopFeeMinimumUsdCents,
});

export async function saveServiceFees(db: Db, actor: AuthUser, courierId: number, input: ServiceFees): Promise<ServiceFees> {
  const before = await serviceFees(db, courierId);
  await db
    .insert(courierServiceFees)
    .values({ courierId, ...input })
    .onConflictDoUpdate({ target: courierServiceFees.courierId, set: { ...input, updatedAt: new Date() } });
  await audit(db, {
    courierId,
    actor,
    action: 'service_fees.updated',
    entity: 'courier',
    entityId: String(courierId),
    details: { before, after: input },
  });
  return input;
}
