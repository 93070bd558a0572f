import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courierListQuerySchema, errorResponseSchema, idParamSchema, pageSchema } from '@courier/shared/schemas/common';
import {
  customerImportQuerySchema,
  customerImportResultSchema,
  customerInvitationsResultSchema,
  pendingInvitationsSchema,
} from '@courier/shared/schemas/customer-import';
import { customerRecordSchema, customerStatusSchema, customerUpdateSchema } from '@courier/shared/schemas/customers';
import { IMPORT_MESSAGES } from '@courier/shared/domain/package-import';
import { AppError } from '../../lib/errors';
import { readOneFile } from '../../lib/uploads';
import { importCustomers } from './customer-import.service';
import { inviteImportedCustomers, pendingInvitations } from './customer-invitations.service';
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
    const importer = [requirePermission('customers_view'), requirePermission('customers_edit')];
    // Customers brought across from the courier's old system, with their mailbox numbers.
    app.post(
      '/customers/import',
      {
        onRequest: importer,
        schema: {
          tags: ['customers'],
          consumes: ['multipart/form-data'],
          querystring: customerImportQuerySchema,
          response: {
            200: customerImportResultSchema,
            409: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (req) => {
        // The super admin belongs to no courier: refused before the file is read.
        if (currentUser(req).courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
        const data = await readOneFile(req, {
          maxBytes: 10 * 1024 * 1024,
          missing: IMPORT_MESSAGES.fileMissing,
          tooLarge: IMPORT_MESSAGES.fileTooLarge,
        });
        return importCustomers(ctx, currentUser(req), data, req.query);
      },
    );
    app.get(
      '/customers/invitations',
      { onRequest: importer, schema: { tags: ['customers'], response: { 200: pendingInvitationsSchema, ...errors } } },
      async (req) => pendingInvitations(ctx, currentUser(req)),
    );
    app.post(
      '/customers/invitations',
      {
        onRequest: importer,
        schema: { tags: ['customers'], response: { 200: customerInvitationsResultSchema, 409: errorResponseSchema, ...errors } },
      },
      async (req) => inviteImportedCustomers(ctx, currentUser(req)),
    );
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
