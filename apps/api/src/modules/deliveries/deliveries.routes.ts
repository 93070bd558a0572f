import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierListQuerySchema, errorResponseSchema, idParamSchema, listQuerySchema, pageSchema } from '@courier/shared/schemas/common';
import {
  createDeliveryRequestSchema,
  deliveryLocationInputSchema,
  deliveryLocationSchema,
  deliveryRequestSchema,
  deliveryStatusSchema,
} from '@courier/shared/schemas/deliveries';
import type { AppContext } from '../../app';
import { deliveryRequests } from '../../db/schema/delivery-requests';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { listScope } from '../packages/packages.service';
import {
  cancelOwnRequest,
  changeRequestStatus,
  courierOf,
  createLocation,
  createRequest,
  deleteLocation,
  getRequest,
  listLocations,
  listRequests,
  updateLocation,
} from './deliveries.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['deliveries'];
const requestListQuery = courierListQuerySchema;

/** Delivery locations (courier admin) and delivery requests (customers ask, staff carry out). */
export function deliveriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  const admin = requireRole('courier_admin');
  return async (app) => {
    app.get(
      '/delivery-locations',
      {
        preHandler: requirePermission('delivery_requests_view'),
        schema: { tags, response: { 200: z.array(deliveryLocationSchema), ...errors } },
      },
      async (request) => listLocations(ctx.db, courierOf(currentUser(request))),
    );
    app.post(
      '/delivery-locations',
      { preHandler: admin, schema: { tags, body: deliveryLocationInputSchema, response: { 201: deliveryLocationSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await createLocation(ctx.db, courierOf(currentUser(request)), request.body)),
    );
    app.put(
      '/delivery-locations/:id',
      {
        preHandler: admin,
        schema: { tags, params: idParamSchema, body: deliveryLocationInputSchema, response: { 200: deliveryLocationSchema, ...errors } },
      },
      async (request) => updateLocation(ctx.db, courierOf(currentUser(request)), request.params.id, request.body),
    );
    app.delete(
      '/delivery-locations/:id',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteLocation(ctx.db, courierOf(currentUser(request)), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/customer/delivery-locations',
      { preHandler: requireRole('customer'), schema: { tags, response: { 200: z.array(deliveryLocationSchema), ...errors } } },
      async (request) => listLocations(ctx.db, courierOf(currentUser(request)), true),
    );
    app.get(
      '/customer/delivery-requests',
      {
        preHandler: requireRole('customer'),
        schema: { tags, querystring: listQuerySchema, response: { 200: pageSchema(deliveryRequestSchema), ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        return listRequests(ctx.db, request.query, [
          and(eq(deliveryRequests.courierId, courierOf(user)), eq(deliveryRequests.customerId, user.id)),
        ]);
      },
    );
    app.post(
      '/customer/delivery-requests',
      {
        preHandler: requireRole('customer'),
        schema: { tags, body: createDeliveryRequestSchema, response: { 201: deliveryRequestSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createRequest(ctx.db, currentUser(request), request.body, ctx.mailer)),
    );
    app.post(
      '/customer/delivery-requests/:id/cancel',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: deliveryRequestSchema, ...errors } } },
      async (request) => cancelOwnRequest(ctx.db, currentUser(request), request.params.id),
    );

    app.get(
      '/delivery-requests',
      {
        preHandler: requirePermission('delivery_requests_view'),
        schema: { tags, querystring: requestListQuery, response: { 200: pageSchema(deliveryRequestSchema), ...errors } },
      },
      async (request) => {
        const scope = listScope(currentUser(request), request.query.courierId);
        return listRequests(ctx.db, request.query, [scope === null ? undefined : eq(deliveryRequests.courierId, scope)]);
      },
    );
    app.get(
      '/delivery-requests/:id',
      {
        preHandler: requirePermission('delivery_requests_view'),
        schema: { tags, params: idParamSchema, response: { 200: deliveryRequestSchema, ...errors } },
      },
      async (request) => getRequest(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/delivery-requests/:id/status',
      {
        preHandler: requirePermission('delivery_requests_edit'),
        schema: { tags, params: idParamSchema, body: deliveryStatusSchema, response: { 200: deliveryRequestSchema, ...errors } },
      },
      async (request) => changeRequestStatus(s, currentUser(request), request.params.id, request.body),
    );
  };
}
