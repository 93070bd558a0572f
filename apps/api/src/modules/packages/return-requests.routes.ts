import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  completeReturnSchema,
  requestReturnSchema,
  returnQueueQuerySchema,
  returnQueueRowSchema,
  returnStateSchema,
} from '@courier/shared/schemas/return-requests';
import type { AppContext } from '../../context';
import { ownCourier } from '../../lib/courier-scope';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { listReturnQueue } from './return-queue.service';
import { cancelReturn, completeReturn, requestReturn, returnState } from './return-requests.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['packages'];

/** Return to sender or discard: the customer asks (at the price shown) or cancels; staff see the queue and record what was done. */
export function returnRequestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const customer = requireRole('customer');
    app.get(
      '/customer/packages/:id/return',
      { preHandler: customer, schema: { tags, params: idParamSchema, response: { 200: returnStateSchema, ...errors } } },
      async (req) => returnState(ctx.db, currentUser(req), req.params.id, 'customer'),
    );
    app.post(
      '/customer/packages/:id/return',
      {
        preHandler: customer,
        schema: { tags, params: idParamSchema, body: requestReturnSchema, response: { 201: returnStateSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await requestReturn(ctx.db, currentUser(req), req.params.id, req.body)),
    );
    app.delete(
      '/customer/packages/:id/return',
      { preHandler: customer, schema: { tags, params: idParamSchema, response: { 200: returnStateSchema, ...errors } } },
      async (req) => cancelReturn(ctx.db, currentUser(req), req.params.id),
    );
    app.get(
      '/packages/:id/return',
      {
        preHandler: requirePermission('packages_view', 'packages_edit'),
        schema: { tags, params: idParamSchema, response: { 200: returnStateSchema, ...errors } },
      },
      async (req) => returnState(ctx.db, currentUser(req), req.params.id, 'staff'),
    );
    app.post(
      '/packages/:id/return/done',
      {
        preHandler: requirePermission('packages_edit'),
        schema: { tags, params: idParamSchema, body: completeReturnSchema, response: { 200: returnStateSchema, ...errors } },
      },
      async (req) => completeReturn(ctx, currentUser(req), req.params.id, req.body),
    );
    app.get(
      '/return-requests',
      {
        preHandler: requirePermission('packages_edit'),
        schema: { tags, querystring: returnQueueQuerySchema, response: { 200: z.array(returnQueueRowSchema), ...errors } },
      },
      async (req) => listReturnQueue(ctx.db, ownCourier(currentUser(req)), req.query.status),
    );
  };
}
