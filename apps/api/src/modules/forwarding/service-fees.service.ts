import { type FeeVersion, feeCents } from '@courier/shared/domain/fees';
import type { ServiceFees } from '@courier/shared/schemas/services';
import type { Db } from '../../db/client';
import { serviceFeeOn, taxRateBpsOn } from '../fees/index';

/**
 * The services' prices come from the fee engine: the consolidation fee entry (JMD, a service
 * request) and the Shop For Me fee entry (USD, on the quote's item cost), each dated and changed
 * on the Fees tab like every other fee. GCT on the Shop For Me fee is the dated GCT tax rate.
 */
export async function serviceFees(db: Db, courierId: number, at: Date = new Date()): Promise<ServiceFees> {
  const consolidation = await serviceFeeOn(db, courierId, 'consolidation', at);
  const shop = await serviceFeeOn(db, courierId, 'shop_for_me', at);
  return {
    // What a request of two packages would be charged (the entry is usually a fixed amount).
    consolidationFeeCents: consolidationFeeCents(consolidation, { packages: 2, weightLbs: 0, valueCents: 0 }),
    shopFee: { ...shop, code: 'shop_for_me', appliesTo: 'service_request' },
    shopFeeGctBps: await shopFeeGctBps(db, courierId, at),
  };
}

export { serviceFeeOn };

/** The GCT rate (basis points) in force on the courier's day of `at`: Jamaica's dated GCT entry. */
export const shopFeeGctBps = (db: Db, courierId: number, at: Date = new Date()) => taxRateBpsOn(db, courierId, 'JM', 'GCT', at);

/** A consolidation's fee from its entry, priced on the request: its packages as items, their weight and value (JMD). */
export function consolidationFeeCents(version: FeeVersion, request: { packages: number; weightLbs: number; valueCents: number }): number {
  return feeCents(version, { items: request.packages, weightLbs: request.weightLbs, valueCents: request.valueCents });
}

/** The fee of a request for these packages: their count, summed weight and declared value at the courier's rate. */
export function consolidationFeeFor(
  version: FeeVersion,
  pkgs: Array<{ weightLb: number; declaredValueUsdCents: number | null }>,
  exchangeRateJmdPerUsd: number,
): number {
  return consolidationFeeCents(version, {
    packages: pkgs.length,
    weightLbs: pkgs.reduce((sum, p) => sum + p.weightLb, 0),
    valueCents: Math.round(pkgs.reduce((sum, p) => sum + (p.declaredValueUsdCents ?? 0), 0) * exchangeRateJmdPerUsd),
  });
}
