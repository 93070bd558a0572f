import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import type { AppContext } from '../../context';
import { branches } from '../../db/schema/branches';
import { couriers } from '../../db/schema/couriers';

/**
 * STUB for the pre-rendered pages (t18-prerender): the lead swaps in t18-server's loader (tenant by
 * api_key, then host, then the default courier; content, rates and tiers) at merge. Here: the
 * active courier of the `api_key` query or `x-api-key` header, else the first active courier;
 * null when the key names none, or no courier exists.
 */
export async function loadPublicSite(ctx: AppContext, request: FastifyRequest): Promise<PublicSite | null> {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.api_key === 'string' ? query.api_key : undefined;
  const fromHeader = typeof request.headers['x-api-key'] === 'string' ? request.headers['x-api-key'] : undefined;
  const apiKey = fromQuery ?? fromHeader;
  const [courier] = await ctx.db
    .select()
    .from(couriers)
    .where(apiKey ? and(eq(couriers.apiKey, apiKey), eq(couriers.status, 'active')) : eq(couriers.status, 'active'))
    .orderBy(asc(couriers.id))
    .limit(1);
  if (!courier) return null;
  const rows = await ctx.db
    .select({ name: branches.name, address: branches.address, parish: branches.parish, phone: branches.phone, hours: branches.hours })
    .from(branches)
    .where(and(eq(branches.courierId, courier.id), eq(branches.active, true)))
    .orderBy(asc(branches.name));
  return {
    courier: {
      name: courier.name,
      code: courier.code,
      apiKey: courier.apiKey,
      logoUrl: courier.logoUrl || '/default-logo.svg',
      email: courier.email,
      phone: courier.phone,
      shippingAddressAir: courier.shippingAddressAir,
      shippingAddressSea: courier.shippingAddressSea,
    },
    branches: rows,
    content: { tagline: null, heroTitle: null, heroText: null, hours: [], socialLinks: [], faq: [] },
    rates: [],
    additionalPoundCents: 0,
    exchangeRateJmdPerUsd: courier.exchangeRate,
    tiers: [],
    shopForMeFeePercent: 0,
    resolvedBy: apiKey ? 'api_key' : 'default',
  };
}
