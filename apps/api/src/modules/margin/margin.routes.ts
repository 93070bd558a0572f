import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  MARGIN_CSV_NAMES,
  manifestCostsInputSchema,
  manifestCostsSchema,
  marginQuerySchema,
  marginReportSchema,
  taxReportSchema,
} from '@courier/shared/schemas/margin';
import type { AppContext } from '../../context';
import { courierScope } from '../../lib/courier-scope';
import { courierTimeZone } from '../../lib/courier-zone';
import { currentUser, requirePermission } from '../../plugins/auth';
import type { FastifyRequest } from 'fastify';
import { getManifestCosts, saveManifestCosts } from './manifest-costs.service';
import { marginCsv, taxCsv } from './margin-csv';
import { buildMarginReport, buildTaxReport } from './margin-reports.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['margin'];
const csv = { 200: z.string().describe('text/csv'), ...errors };

/** A flight's costs (costs_view, costs_edit), the margin reports (costs_view) and the tax report (reports_view). */
export function marginRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** The courier of a report: the caller's own; the super admin names one. */
  const options = async (request: FastifyRequest, query: z.output<typeof marginQuerySchema>) => {
    const courierId = courierScope(currentUser(request), query.courierId);
    return { courierId, from: query.from, to: query.to, timeZone: await courierTimeZone(ctx.db, courierId) };
  };
  return async (app) => {
    app.get(
      '/manifests/:id/costs',
      {
        preHandler: requirePermission('costs_view'),
        schema: { tags, params: idParamSchema, response: { 200: manifestCostsSchema, ...errors } },
      },
      async (request) => getManifestCosts(ctx.db, currentUser(request), request.params.id),
    );
    app.put(
      '/manifests/:id/costs',
      {
        preHandler: requirePermission('costs_edit'),
        schema: { tags, params: idParamSchema, body: manifestCostsInputSchema, response: { 200: manifestCostsSchema, ...errors } },
      },
      async (request) => saveManifestCosts(ctx.db, currentUser(request), request.params.id, request.body),
    );
    app.get(
      '/reports/margin',
      {
        preHandler: requirePermission('costs_view'),
        schema: { tags, querystring: marginQuerySchema, response: { 200: marginReportSchema, ...errors } },
      },
      async (request) => buildMarginReport(ctx.db, await options(request, request.query)),
    );
    app.get(
      '/reports/margin/csv/:report',
      {
        preHandler: requirePermission('costs_view'),
        schema: { tags, params: z.object({ report: z.enum(MARGIN_CSV_NAMES) }), querystring: marginQuerySchema, response: csv },
      },
      async (request, reply) => {
        const o = await options(request, request.query);
        const name = request.params.report;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="margin-${name}-${o.from}-to-${o.to}.csv"`)
          .send(await marginCsv(await buildMarginReport(ctx.db, o), name));
      },
    );
    app.get(
      '/reports/tax',
      {
        preHandler: requirePermission('reports_view'),
        schema: { tags, querystring: marginQuerySchema, response: { 200: taxReportSchema, ...errors } },
      },
      async (request) => buildTaxReport(ctx.db, await options(request, request.query)),
    );
    app.get(
      '/reports/tax/csv',
      { preHandler: requirePermission('reports_view'), schema: { tags, querystring: marginQuerySchema, response: csv } },
      async (request, reply) => {
        const o = await options(request, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="gct-and-duty-${o.from}-to-${o.to}.csv"`)
          .send(await taxCsv(await buildTaxReport(ctx.db, o)));
      },
    );
  };
}
