import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasPermission } from '@courier/shared/domain/permissions';
import { API_MESSAGES } from '@courier/shared/messages';
import { courierQuerySchema, errorResponseSchema } from '@courier/shared/schemas/common';
import { type Dashboard, dashboardSchema } from '@courier/shared/schemas/dashboard';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { DASHBOARD_SECTIONS } from './dashboard.sections';

/**
 * One dashboard endpoint for every portal: the caller's courier (the super admin: the platform,
 * or one courier with `courierId`), assembled from each area's section.
 */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['dashboard'],
          querystring: courierQuerySchema,
          response: { 200: dashboardSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        if (user.kind === 'user' && !hasPermission(user, 'dashboard_view')) throw new AppError('forbidden', API_MESSAGES.forbidden);
        const courierId = user.role === 'super_admin' ? (req.query.courierId ?? null) : user.courierId;
        const result: Dashboard = { cards: [], charts: [], mailbox: null, membership: null };
        // The sections read independent figures: all at once, merged in display order.
        const parts = await Promise.all(DASHBOARD_SECTIONS.map((section) => section({ db: ctx.db, user, courierId })));
        for (const part of parts) {
          result.cards.push(...(part.cards ?? []));
          result.charts.push(...(part.charts ?? []));
          if (part.mailbox) result.mailbox = part.mailbox;
          if (part.membership) result.membership = part.membership;
        }
        return result;
      },
    );
  };
}
