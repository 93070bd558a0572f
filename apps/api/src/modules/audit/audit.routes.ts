import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorSchema, auditEntrySchema, auditListQuerySchema } from '@courier/shared/schemas/audit';
import { courierQuerySchema, errorResponseSchema, pageSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { currentUser, requireRole } from '../../plugins/auth';
import { auditCsv, listAudit, listAuditActors } from './audit.service';
import { listScope } from '../../lib/courier-scope';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['audit'];

// A courier admin reads their courier's log; the super admin every courier's, or one with ?courierId=.

export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const guard = requireRole('super_admin', 'courier_admin');
  return async (app) => {
    app.get(
      '/audit-log',
      {
        preHandler: guard,
        schema: { tags, querystring: auditListQuerySchema, response: { 200: pageSchema(auditEntrySchema), ...errors } },
      },
      async (request) => {
        const { courierId, ...query } = request.query;
        return listAudit(ctx.db, { courierId: listScope(currentUser(request), courierId) }, { ...query, courierId });
      },
    );

    app.get(
      '/audit-log/csv',
      {
        preHandler: guard,
        schema: { tags, querystring: auditListQuerySchema, response: { 200: z.string().describe('text/csv'), ...errors } },
      },
      async (request, reply) => {
        const scope = { courierId: listScope(currentUser(request), request.query.courierId) };
        const csv = await auditCsv(ctx.db, scope, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-log.csv"')
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );

    app.get(
      '/audit-log/actors',
      { preHandler: guard, schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(auditActorSchema), ...errors } } },
      async (request) => listAuditActors(ctx.db, { courierId: listScope(currentUser(request), request.query.courierId) }),
    );
  };
}
