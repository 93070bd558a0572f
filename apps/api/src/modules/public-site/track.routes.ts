import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import { PUBLIC_TRACK_MESSAGES, publicTrackParamsSchema, publicTrackSchema } from '@courier/shared/schemas/public-track';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { resolvePublicCourier } from './tenant';
import { trackPackage } from './track.service';

/** Our package numbers count up (PKG-000123), so they can be walked: a lookup by one has a far smaller budget. */
const PACKAGE_NUMBER = /^\s*PKG-\d+\s*$/i;
const byPackageNumber = (request: FastifyRequest) => PACKAGE_NUMBER.test((request.params as { number?: string }).number ?? '');
const isPackageNumberKey = (key: string) => key.endsWith(':package-number');

/**
 * Anyone may look a number up, so each IP gets a small budget: 30 tracking numbers a minute,
 * enough for a family's parcels, and 10 package numbers per 10 minutes, too few to walk them.
 */
export const PUBLIC_TRACK_RATE_LIMIT = {
  keyGenerator: (request: FastifyRequest) => `track:${request.ip}:${byPackageNumber(request) ? 'package-number' : 'tracking-number'}`,
  max: (_request: FastifyRequest, key: string) => (isPackageNumberKey(key) ? 10 : 30),
  timeWindow: (_request: FastifyRequest, key: string) => (isPackageNumberKey(key) ? 10 * 60_000 : 60_000),
};

export function publicTrackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/track/:number',
      {
        config: { public: true, rateLimit: PUBLIC_TRACK_RATE_LIMIT },
        schema: {
          tags: ['public'],
          summary: "A package's status and timeline by tracking or package number, within the courier of the request",
          security: [],
          params: publicTrackParamsSchema,
          querystring: z.object({ api_key: z.string().max(200).optional() }),
          response: { 200: publicTrackSchema, 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => {
        const resolved = await resolvePublicCourier(ctx, request);
        const found = resolved ? await trackPackage(ctx.db, resolved.courier.id, request.params.number) : null;
        if (!found) throw new AppError('not_found', PUBLIC_TRACK_MESSAGES.notFound);
        return found;
      },
    );
  };
}
