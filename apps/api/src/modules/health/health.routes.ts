import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@courier/shared/schemas/health';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../app';

/** Liveness and database reachability, for load balancers and the start-up check. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: errorResponseSchema } },
      },
      async (_request, reply) => {
        try {
          await ctx.db.execute(sql`select 1`);
        } catch {
          return reply.status(503).send({ message: 'Database unreachable' });
        }
        return { status: 'ok' as const, database: ctx.databaseKind, time: new Date().toISOString() };
      },
    );
  };
}
