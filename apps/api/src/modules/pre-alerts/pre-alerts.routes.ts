import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema, listQuerySchema, pageSchema } from '@courier/shared/schemas/common';
import { createPreAlertSchema, packageListQuerySchema, preAlertSchema } from '@courier/shared/schemas/packages';
import type { AppContext } from '../../context';
import { Storage } from '../../lib/storage';
import { readUpload, sendPrivateFile, INVOICE_UPLOAD } from '../../lib/uploads';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import {
  attachInvoice,
  cancelPreAlert,
  courierPreAlerts,
  createPreAlert,
  invoiceFile,
  listPreAlerts,
  ownScope,
} from './pre-alerts.service';
import { listScope } from '../../lib/courier-scope';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['pre-alerts'];

/** Customers pre-alert their packages (with the invoice customs needs); staff read them. */
export function preAlertsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  return async (app) => {
    app.get(
      '/customer/pre-alerts',
      {
        preHandler: requireRole('customer'),
        schema: { tags, querystring: listQuerySchema, response: { 200: pageSchema(preAlertSchema), ...errors } },
      },
      async (request) => listPreAlerts(ctx.db, request.query, [ownScope(currentUser(request))]),
    );

    app.post(
      '/customer/pre-alerts',
      { preHandler: requireRole('customer'), schema: { tags, body: createPreAlertSchema, response: { 201: preAlertSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await createPreAlert(ctx.db, ctx.mailer, currentUser(request), request.body)),
    );

    app.post(
      '/customer/pre-alerts/:id/invoice',
      {
        preHandler: requireRole('customer'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          response: { 200: preAlertSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const upload = await readUpload(request, INVOICE_UPLOAD);
        return attachInvoice(ctx.db, ctx.mailer, storage, user, request.params.id, {
          data: upload.data,
          type: upload.type,
          name: `invoice.${upload.type}`,
        });
      },
    );

    app.post(
      '/customer/pre-alerts/:id/cancel',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: preAlertSchema, ...errors } } },
      async (request) => cancelPreAlert(ctx.db, currentUser(request), request.params.id),
    );

    app.get(
      '/customer/pre-alerts/:id/invoice',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        const file = await invoiceFile(ctx.db, storage, currentUser(request), request.params.id);
        return sendPrivateFile(reply, file);
      },
    );

    app.get(
      '/pre-alerts',
      {
        preHandler: requirePermission('packages_view'),
        schema: { tags, querystring: packageListQuerySchema, response: { 200: pageSchema(preAlertSchema), ...errors } },
      },
      async (request) => {
        const scope = listScope(currentUser(request), request.query.courierId);
        return listPreAlerts(ctx.db, request.query, [courierPreAlerts(scope)]);
      },
    );

    app.get(
      '/pre-alerts/:id/invoice',
      { preHandler: requirePermission('packages_view', 'packages_scan'), schema: { tags, params: idParamSchema } },
      async (request, reply) => sendPrivateFile(reply, await invoiceFile(ctx.db, storage, currentUser(request), request.params.id)),
    );
  };
}
