import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCalendarDay } from '@courier/shared/domain/datetime';
import {
  courierListQuerySchema,
  courierQuerySchema,
  errorResponseSchema,
  idParamSchema,
  listQuerySchema,
  pageSchema,
} from '@courier/shared/schemas/common';
import {
  createDeliveryRequestSchema,
  deliverSchema,
  driverSchema,
  runSheetQuerySchema,
  runSheetSchema,
  deliveryLocationInputSchema,
  deliveryLocationSchema,
  deliveryRequestSchema,
  deliveryStatusSchema,
} from '@courier/shared/schemas/deliveries';
import type { AppContext } from '../../context';
import { CONTENT_TYPES, detectFileType } from '../../lib/file-types';
import { loadLetterhead } from '../../lib/pdf/letterhead';
import { Storage } from '../../lib/storage';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { pdfResponseSchema } from '../../lib/pdf/render';
import { cancelOwnRequest, createRequest } from './customer-delivery-requests.service';
import { createLocation, deleteLocation, listLocations, updateLocation } from './delivery-locations.service';
import { getRequest, listDrivers, listRequests, requestsOf } from './delivery-request-queries.service';
import { changeRequestStatus } from './delivery-status-change.service';
import { deliverRequest, proofImage, saveDeliveryPhoto } from './delivery-proof.service';
import { runSheet, runSheetPdf } from './run-sheet';
import { courierScope, courierOf, listScope } from '../../lib/courier-scope';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['deliveries'];
const requestListQuery = courierListQuerySchema;

/** Delivery locations (courier admin) and delivery requests (customers ask, staff carry out). */
export function deliveriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  const storage = new Storage(ctx.config);
  const png = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('image/png or image/jpeg');
  const sendImage = (reply: FastifyReply, data: Buffer) =>
    reply
      .header('content-type', CONTENT_TYPES[detectFileType(data) ?? 'png'])
      .header('x-content-type-options', 'nosniff')
      // Like every uploaded file: opened on its own, a polyglot can run nothing.
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(data);
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
      async (request, reply) =>
        reply.status(201).send(await createLocation(ctx.db, currentUser(request), courierOf(currentUser(request)), request.body)),
    );
    app.put(
      '/delivery-locations/:id',
      {
        preHandler: admin,
        schema: { tags, params: idParamSchema, body: deliveryLocationInputSchema, response: { 200: deliveryLocationSchema, ...errors } },
      },
      async (request) => updateLocation(ctx.db, currentUser(request), courierOf(currentUser(request)), request.params.id, request.body),
    );
    app.delete(
      '/delivery-locations/:id',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteLocation(ctx.db, currentUser(request), courierOf(currentUser(request)), request.params.id);
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
        return listRequests(ctx.db, request.query, requestsOf(courierOf(user), user.id));
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
        return listRequests(ctx.db, request.query, requestsOf(scope));
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

    app.get(
      '/delivery-drivers',
      {
        preHandler: requirePermission('delivery_requests_edit'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(driverSchema), ...errors } },
      },
      async (request) => listDrivers(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );

    app.post(
      '/delivery-requests/:id/deliver',
      {
        // Staff who manage deliveries, or the request's own driver (the service decides which).
        preHandler: requirePermission('delivery_requests_edit', 'delivery_requests_view'),
        // A signature PNG can be several hundred KB as a data URL.
        bodyLimit: 2 * 1024 * 1024,
        schema: { tags, params: idParamSchema, body: deliverSchema, response: { 200: deliveryRequestSchema, ...errors } },
      },
      async (request) => deliverRequest(s, currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/delivery-requests/:id/photo',
      {
        // Staff who manage deliveries, or the request's own driver (the service decides which).
        preHandler: requirePermission('delivery_requests_edit', 'delivery_requests_view'),
        schema: {
          tags,
          params: idParamSchema,
          consumes: ['multipart/form-data'],
          response: { 200: deliveryRequestSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request) => saveDeliveryPhoto({ db: ctx.db, storage }, currentUser(request), request.params.id, request),
    );

    // The proof's two images, each at its own address: for the courier's staff, and for the customer.
    for (const which of ['signature', 'photo'] as const) {
      app.get(
        `/delivery-requests/:id/proof/${which}`,
        {
          preHandler: requirePermission('delivery_requests_view'),
          schema: { tags, params: idParamSchema, response: { 200: png, ...errors } },
        },
        async (request, reply) =>
          sendImage(reply, await proofImage({ db: ctx.db, storage }, currentUser(request), request.params.id, which)),
      );
      app.get(
        `/customer/delivery-requests/:id/proof/${which}`,
        { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: png, ...errors } } },
        async (request, reply) =>
          sendImage(reply, await proofImage({ db: ctx.db, storage }, currentUser(request), request.params.id, which)),
      );
    }

    app.get(
      '/delivery-run-sheet',
      {
        preHandler: requirePermission('delivery_requests_view'),
        schema: { tags, querystring: runSheetQuerySchema, response: { 200: z.union([runSheetSchema, pdfResponseSchema]), ...errors } },
      },
      async (request, reply) => {
        const { date, driverId, format, courierId } = request.query;
        const scope = courierScope(currentUser(request), courierId);
        const sheet = await runSheet(ctx.db, scope, date, driverId);
        if (format === 'json') return sheet;
        const pdf = await runSheetPdf(sheet, formatCalendarDay(date, 'weekday'), await loadLetterhead({ db: ctx.db, storage }, scope));
        return reply.type('application/pdf').header('content-disposition', `inline; filename="run-sheet-${date}.pdf"`).send(pdf);
      },
    );
  };
}
