import { and, asc, eq } from 'drizzle-orm';
import { MEMBERSHIP_TIERS } from '@courier/shared/constants/rates';
import { DEFAULT_SHOP_FOR_ME_FEE_PERCENT } from '@courier/shared/constants/public-site';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema/branches';
import { getPlatformSettings } from '../platform/index';
import { getCourierRates, volumetricRuleOf } from '../settings/index';
import { getPublicContent, withDefaults } from './content.service';
import type { ResolvedCourier } from './tenant';

export const DEFAULT_LOGO_URL = '/default-logo.svg';

/**
 * The public site of one courier: only its own record, branches, rates and content; what it left
 * empty falls back to the defaults, which name no courier.
 */
export async function buildPublicSite(db: Db, { courier, resolvedBy }: ResolvedCourier): Promise<PublicSite> {
  const [branchRows, rates, content, platform, volumetric] = await Promise.all([
    db
      .select()
      .from(branches)
      .where(and(eq(branches.courierId, courier.id), eq(branches.active, true)))
      .orderBy(asc(branches.name), asc(branches.id)),
    getCourierRates(db, courier.id),
    getPublicContent(db, courier.id),
    getPlatformSettings(db),
    volumetricRuleOf(db, courier.id),
  ]);
  return {
    courier: {
      name: courier.name,
      code: courier.code,
      apiKey: courier.apiKey,
      logoUrl: courier.logoUrl ?? platform.brandLogoUrl ?? DEFAULT_LOGO_URL,
      accentColor: courier.accentColor,
      email: courier.email,
      phone: courier.phone,
      shippingAddressAir: courier.shippingAddressAir,
      shippingAddressSea: courier.shippingAddressSea,
      timeZone: courier.timeZone,
    },
    branches: branchRows.map((b) => ({ name: b.name, address: b.address, parish: b.parish, phone: b.phone, hours: b.hours })),
    content: withDefaults(content),
    // The calculator and the pricing table go by whole pounds.
    rates: rates.rates.filter((r) => Number.isInteger(r.weightLbs)).map((r) => ({ weightLbs: r.weightLbs, costCents: r.costCents })),
    additionalPoundCents: rates.additionalPoundCents,
    exchangeRateJmdPerUsd: rates.exchangeRateJmdPerUsd,
    customsRates: rates.customsRates,
    volumetric,
    tiers: MEMBERSHIP_TIERS.map((t) => ({ name: t.name, packageCount: t.packageCount, discountPercent: t.discountPercent })),
    shopForMeFeePercent: DEFAULT_SHOP_FOR_ME_FEE_PERCENT,
    resolvedBy,
  };
}
