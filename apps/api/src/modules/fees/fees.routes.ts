import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema, idParamSchema, idSchema } from '@courier/shared/schemas/common';
import { customsRateInputSchema, feeCreateSchema, feeListSchema, feeVersionInputSchema } from '@courier/shared/schemas/fees';
import type { AppContext } from '../../context';
import { courierScope } from '../../lib/courier-scope';
import { currentUser, requirePermission } from '../../plugins/auth';
import { addCustomsRate } from './customs-rates.service';
import { addFeeVersion, createFee, listFees } from './fee-screen.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const created = z.object({ feeId: idSchema, versionId: idSchema });

/**
 * The fee engine's settings screen: the courier's fees with their history, a new fee, and a new
 * version of a fee from a date. Reading needs `settings_view`, changing `settings_edit`; audited.
 */
export function feesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['settings'];
    app.get(
      '/settings/fees',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: feeListSchema, ...errors } },
      },
      async (request) => listFees(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );
    app.post(
      '/settings/fees',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags, querystring: courierQuerySchema, body: feeCreateSchema, response: { 201: created, ...errors } },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const result = await createFee({ db: ctx.db, actor, courierId: courierScope(actor, request.query.courierId), input: request.body });
        return reply.status(201).send(result);
      },
    );
    app.post(
      '/settings/customs-rates',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: customsRateInputSchema,
          response: { 201: z.object({ id: idSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const courierId = courierScope(actor, request.query.courierId);
        return reply.status(201).send(await addCustomsRate({ db: ctx.db, actor, courierId, input: request.body }));
      },
    );
    app.post(
      '/settings/fees/:id/versions',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          body: feeVersionInputSchema,
          response: { 201: created, ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const courierId = courierScope(actor, request.query.courierId);
        const result = await addFeeVersion({ db: ctx.db, actor, courierId, feeId: request.params.id, input: request.body });
        return reply.status(201).send(result);
      },
    );
  };
}
