import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBERSHIP_TIERS } from '@courier/shared/constants/rates';
import { DEFAULT_PUBLIC_CONTENT, DEFAULT_SHOP_FOR_ME_FEE_PERCENT } from '@courier/shared/constants/site-defaults';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import { type PublicSite, publicSiteSchema } from '@courier/shared/schemas/public-site';
import type { AppContext } from '../../context';
import { branches } from '../../db/schema/branches';
import { AppError } from '../../lib/errors';
import { perIpLimit } from '../auth/rate-limits';
import { getCourierRates } from '../settings/rates.service';
import { requestApiKey, resolvePublicCourier } from './tenant';

/**
 * `GET /api/public/site` (issue 18): what the public pages show of the courier of the request.
 * t18-pages' minimal version, so the web can be built against the contract; t18-server's replaces it.
 */
export function publicSiteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/site',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['public'],
          summary: 'The public site of the courier of the request',
          security: [],
          querystring: z.object({ api_key: z.string().max(200).optional() }),
          response: { 200: publicSiteSchema, 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request): Promise<PublicSite> => {
        const resolved = await resolvePublicCourier(ctx, request);
        if (!resolved) {
          if (requestApiKey(request)) throw new AppError('not_found', 'Courier not found', undefined, 'COURIER_NOT_FOUND');
          throw new AppError('not_found', 'Courier not found', undefined, 'NO_COURIER');
        }
        const { courier } = resolved;
        const [branchRows, rates] = await Promise.all([
          ctx.db
            .select()
            .from(branches)
            .where(and(eq(branches.courierId, courier.id), eq(branches.active, true)))
            .orderBy(asc(branches.name)),
          getCourierRates(ctx.db, courier.id),
        ]);
        return {
          courier: {
            name: courier.name,
            code: courier.code,
            apiKey: courier.apiKey,
            logoUrl: courier.logoUrl ?? '/default-logo.svg',
            email: courier.email,
            phone: courier.phone,
            shippingAddressAir: courier.shippingAddressAir,
            shippingAddressSea: courier.shippingAddressSea,
          },
          branches: branchRows.map((b) => ({ name: b.name, address: b.address, parish: b.parish, phone: b.phone, hours: b.hours })),
          content: DEFAULT_PUBLIC_CONTENT,
          rates: rates.rates.filter((r) => Number.isInteger(r.weightLbs)).map((r) => ({ weightLbs: r.weightLbs, costCents: r.costCents })),
          additionalPoundCents: rates.additionalPoundCents,
          exchangeRateJmdPerUsd: rates.exchangeRateJmdPerUsd,
          tiers: MEMBERSHIP_TIERS.map((t) => ({ ...t })),
          shopForMeFeePercent: DEFAULT_SHOP_FOR_ME_FEE_PERCENT,
          resolvedBy: resolved.resolvedBy,
        };
      },
    );
  };
}
