import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courierListQuerySchema, errorResponseSchema, idParamSchema, pageSchema } from '@courier/shared/schemas/common';
import { customerRecordSchema, customerStatusSchema, customerUpdateSchema } from '@courier/shared/schemas/customers';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { type CustomerKind, getCustomer, listCustomers, setCustomerActive, updateCustomer } from './customers.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * The courier's customers (customers_*) and, under their own paths and permission, its business
 * customers (customers_business): the same records narrowed to accountType business.
 */
export function customerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const areas: Array<{ base: string; kind: CustomerKind; view: string; edit: string[] }> = [
      { base: '/customers', kind: 'all', view: 'customers_view', edit: ['customers_edit'] },
      { base: '/business-customers', kind: 'business', view: 'customers_business', edit: ['customers_edit'] },
    ];
    for (const area of areas) {
      const tags = ['customers'];
      app.get(
        area.base,
        {
          onRequest: requirePermission(area.view),
          schema: {
            tags,
            querystring: courierListQuerySchema,
            response: { 200: pageSchema(customerRecordSchema), ...errors },
          },
        },
        async (req) => listCustomers(ctx.db, currentUser(req), area.kind, req.query),
      );
      app.get(
        `${area.base}/:id`,
        {
          onRequest: requirePermission(area.view),
          schema: { tags, params: idParamSchema, response: { 200: customerRecordSchema, ...errors } },
        },
        async (req) => getCustomer(ctx.db, currentUser(req), area.kind, req.params.id),
      );
      app.put(
        `${area.base}/:id`,
        {
          onRequest: [requirePermission(area.view), requirePermission(...area.edit)],
          schema: {
            tags,
            params: idParamSchema,
            body: customerUpdateSchema,
            response: { 200: customerRecordSchema, 409: errorResponseSchema, ...errors },
          },
        },
        async (req) => updateCustomer(ctx.db, currentUser(req), area.kind, req.params.id, req.body, ctx.mailer),
      );
      app.patch(
        `${area.base}/:id/status`,
        {
          onRequest: [requirePermission(area.view), requirePermission(...area.edit)],
          schema: { tags, params: idParamSchema, body: customerStatusSchema, response: { 200: customerRecordSchema, ...errors } },
        },
        async (req) => setCustomerActive(ctx.db, currentUser(req), area.kind, req.params.id, req.body.active),
      );
    }
  };
}
