import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import { type PublicSite, publicSiteSchema } from '@courier/shared/schemas/public-site';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { perIpLimit } from '../../plugins/rate-limits';
import { buildPublicSite } from './site.service';
import { activeCourier, defaultCourier, requestApiKey, resolvePublicCourier } from './tenant';

/** `GET /api/public/site`: what the public pages show of the courier of the request. */
export function publicSiteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/site',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['public'],
          summary:
            "The public site of the courier of the request: a signed-in person's own courier, else the api key, host name, default courier",
          security: [],
          querystring: z.object({ api_key: z.string().max(200).optional() }),
          response: { 200: publicSiteSchema, 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request): Promise<PublicSite> => {
        // A signed-in person sees their own courier's brand on every page, whatever the address says.
        const own = request.user?.courierId ? await activeCourier(ctx.db, request.user.courierId) : undefined;
        const resolved = own ? { courier: own, resolvedBy: 'account' as const } : await resolvePublicCourier(ctx, request);
        if (!resolved) {
          // An unknown api key, or an approved host name of a suspended courier, names a courier that
          // is not there; NO_COURIER only when the deployment has no active courier at all.
          const none = !requestApiKey(request) && (await defaultCourier(ctx)) === null;
          throw new AppError('not_found', 'Courier not found', undefined, none ? 'NO_COURIER' : 'COURIER_NOT_FOUND');
        }
        return buildPublicSite(ctx.db, resolved);
      },
    );
  };
}
