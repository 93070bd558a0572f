import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import { searchQuerySchema, searchResultSchema } from '@courier/shared/schemas/search';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { search } from './search.service';

/**
 * GET /api/search?q=: the command palette's jump to a package, customer or invoice by number.
 * Every signed-in person may ask; what comes back is scoped to their courier and permissions.
 */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      {
        schema: {
          tags: ['search'],
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return search(ctx.db, currentUser(request), request.query.q);
      },
    );
  };
}
