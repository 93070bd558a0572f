import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema, idParamSchema, pageSchema, queryIdSchema } from '@courier/shared/schemas/common';
import {
  createTransferSchema,
  transferDetailSchema,
  transferListQuerySchema,
  transferScanResultSchema,
  transferScanSchema,
  transferSchema,
} from '@courier/shared/schemas/transfers';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { listTransfers, getTransfer } from './transfer-queries.service';
import { cancelTransfer, createTransfer, receiveTransfer, removeParcel, scanTransfer, sendTransfer } from './transfers.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['transfers'];
const packageParams = z.object({ id: queryIdSchema, packageId: queryIdSchema });

/**
 * Branch transfers: whoever scans parcels loads, sends and scans in a van between branches; taking a
 * parcel off or cancelling a transfer needs packages_edit.
 */
export function transfersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  const scan = requirePermission('packages_scan');
  const edit = requirePermission('packages_edit');
  const detail = { 200: transferDetailSchema, ...errors };
  return async (app) => {
    app.get(
      '/transfers',
      {
        preHandler: scan,
        schema: { tags, querystring: transferListQuerySchema, response: { 200: pageSchema(transferSchema), ...errors } },
      },
      async (request) => listTransfers(ctx.db, currentUser(request), request.query),
    );
    app.post(
      '/transfers',
      {
        preHandler: scan,
        schema: { tags, querystring: courierQuerySchema, body: createTransferSchema, response: { 201: transferDetailSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await createTransfer(s, currentUser(request), { ...request.body, courierId: request.query.courierId })),
    );
    app.get('/transfers/:id', { preHandler: scan, schema: { tags, params: idParamSchema, response: detail } }, async (request) =>
      getTransfer(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/transfers/:id/scans',
      {
        preHandler: scan,
        schema: { tags, params: idParamSchema, body: transferScanSchema, response: { 200: transferScanResultSchema, ...errors } },
      },
      async (request) => scanTransfer(s, currentUser(request), request.params.id, request.body.code),
    );
    app.delete(
      '/transfers/:id/packages/:packageId',
      { preHandler: edit, schema: { tags, params: packageParams, response: detail } },
      async (request) => removeParcel(s, currentUser(request), request.params.id, request.params.packageId),
    );
    app.post('/transfers/:id/send', { preHandler: scan, schema: { tags, params: idParamSchema, response: detail } }, async (request) =>
      sendTransfer(s, currentUser(request), request.params.id),
    );
    app.post('/transfers/:id/receive', { preHandler: scan, schema: { tags, params: idParamSchema, response: detail } }, async (request) =>
      receiveTransfer(s, currentUser(request), request.params.id),
    );
    app.post('/transfers/:id/cancel', { preHandler: edit, schema: { tags, params: idParamSchema, response: detail } }, async (request) =>
      cancelTransfer(s, currentUser(request), request.params.id),
    );
  };
}
