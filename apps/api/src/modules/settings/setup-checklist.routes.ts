import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema } from '@courier/shared/schemas/common';
import { setupChecklistSchema } from '@courier/shared/schemas/courier-invitations';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { markFeesReviewed, setupChecklist } from './setup-checklist.service';
import { courierScope } from '../../lib/courier-scope';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /settings/setup-checklist: the "Set up your courier" card of a new courier's dashboard. */
export function setupChecklistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/setup-checklist',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags: ['settings'], querystring: courierQuerySchema, response: { 200: setupChecklistSchema, ...errors } },
      },
      async (request) => setupChecklist(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );
    app.post(
      '/settings/fees/reviewed',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags: ['settings'], querystring: courierQuerySchema, response: { 200: z.object({ reviewedAt: z.string() }), ...errors } },
      },
      async (request) => {
        const actor = currentUser(request);
        return markFeesReviewed(ctx.db, courierScope(actor, request.query.courierId), actor);
      },
    );
  };
}
