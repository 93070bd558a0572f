import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierValidationResponseSchema, publicBranchesResponseSchema } from '@courier/shared/schemas/auth';
import { errorResponseSchema, queryIdSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { courierByApiKey } from './auth.service';
import { publicBranches } from './public-branches.service';
import { perIpLimit } from '../../plugins/rate-limits';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/**
 * What the sign-in and registration pages read before anyone signs in: the courier behind an api
 * key (404 unknown, 401 suspended) and its branches. Only public fields leave. Both are limited per
 * IP like the sign-in routes: the branch list takes a sequential id, so walking every tenant is slow.
 */
export function tenantPublicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/couriers/validate/:apiKey',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['couriers'],
          summary: 'The courier (tenant) of an api key',
          params: z.object({ apiKey: z.string().min(1).max(200) }),
          response: { 200: courierValidationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const courier = await courierByApiKey(ctx.db, request.params.apiKey);
        return { success: true as const, data: { id: courier.id, name: courier.name, logo_url: courier.logoUrl } };
      },
    );

    app.get(
      '/branches/public/:courierId',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['branches'],
          summary: "A courier's active branches, for the registration form",
          params: z.object({ courierId: queryIdSchema }),
          response: { 200: publicBranchesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const rows = await publicBranches(ctx.db, request.params.courierId);
        return { success: true as const, data: rows };
      },
    );
  };
}
