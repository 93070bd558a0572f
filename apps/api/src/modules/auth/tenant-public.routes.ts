import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierValidationResponseSchema, publicBranchesResponseSchema } from '@courier/shared/schemas/auth';
import { errorResponseSchema, queryIdSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../app';
import { branches } from '../../db/schema/branches';
import { activeCourierById, courierByApiKey } from './auth.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * What the sign-in and registration pages read before anyone signs in: the courier behind an api
 * key (404 unknown, 401 suspended) and its branches. Only public fields leave.
 */
export function tenantPublicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/couriers/validate/:apiKey',
      {
        config: { public: true },
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
        config: { public: true },
        schema: {
          tags: ['branches'],
          summary: "A courier's active branches, for the registration form",
          params: z.object({ courierId: queryIdSchema }),
          response: { 200: publicBranchesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const courier = await activeCourierById(ctx.db, request.params.courierId);
        const rows = await ctx.db
          .select({ id: branches.id, name: branches.name })
          .from(branches)
          .where(and(eq(branches.courierId, courier.id), eq(branches.active, true)))
          .orderBy(asc(branches.name));
        return { success: true as const, data: rows };
      },
    );
  };
}
