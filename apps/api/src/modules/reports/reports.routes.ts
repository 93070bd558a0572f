import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_NAMES, reportQuerySchema, reportSchema } from '@courier/shared/schemas/billing';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../plugins/auth';
import { currentUser, requirePermission } from '../../plugins/auth';
import { courierTimeZone } from '../../lib/courier-zone';
import { buildReport, reportCsv } from './reports.service';
import { courierScope } from '../../lib/courier-scope';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['reports'];

/** The super admin sees every courier unless they name one; everyone else their own. */
const reportCourier = (user: AuthUser, requested?: number) =>
  user.role === 'super_admin' ? (requested ?? null) : courierScope(user, requested);

export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports',
      {
        preHandler: requirePermission('reports_view'),
        schema: { tags, querystring: reportQuerySchema, response: { 200: reportSchema, ...errors } },
      },
      async (request) => {
        const { courierId, ...range } = request.query;
        const scope = reportCourier(currentUser(request), courierId);
        return buildReport(ctx.db, { ...range, courierId: scope, timeZone: await courierTimeZone(ctx.db, scope) });
      },
    );

    app.get(
      '/reports/csv/:report',
      {
        preHandler: requirePermission('reports_view'),
        schema: {
          tags,
          params: z.object({ report: z.enum(REPORT_NAMES) }),
          querystring: reportQuerySchema,
          response: { 200: z.string().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const { courierId, ...range } = request.query;
        const scope = reportCourier(currentUser(request), courierId);
        const report = await buildReport(ctx.db, { ...range, courierId: scope, timeZone: await courierTimeZone(ctx.db, scope) });
        const name = request.params.report;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-${range.from}-to-${range.to}.csv"`)
          .send(await reportCsv(report, name));
      },
    );
  };
}
