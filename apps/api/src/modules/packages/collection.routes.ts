import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVOICE_STATUSES } from '@courier/shared/constants/billing';
import { BILLING_MESSAGES, collectSchema, collectionViewSchema, invoiceNoParamSchema } from '@courier/shared/schemas/billing';
import { courierQuerySchema, errorResponseSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { canOverrideUnpaid, collectInvoice, listCollectable, signatureImage, waitingShelves } from './collection.service';
import { authorisedPeopleOf } from './authorised-people.service';
import { getInvoiceDetail } from '../invoices/index';
import { courierScope } from '../../lib/courier-scope';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['collections'];

/** The sign-signature screens: find the invoice, show its packages and balance, take the signature. */
export function collectionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/collections',
      {
        preHandler: requirePermission('packages_sign'),
        schema: {
          tags,
          querystring: courierQuerySchema.extend({ search: z.string().trim().max(100).optional() }),
          response: {
            200: z.array(
              z.object({
                invoiceNo: z.string(),
                customerName: z.string(),
                mailboxNumber: z.string(),
                status: z.enum(INVOICE_STATUSES),
                balanceCents: z.number().int(),
                readyCount: z.number().int(),
              }),
            ),
            ...errors,
          },
        },
      },
      async (request) => listCollectable(ctx.db, courierScope(currentUser(request), request.query.courierId), request.query.search),
    );

    app.get(
      '/collections/:invoiceNo',
      {
        preHandler: requirePermission('packages_sign'),
        schema: { tags, params: invoiceNoParamSchema, querystring: courierQuerySchema, response: { 200: collectionViewSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        const courierId = courierScope(user, request.query.courierId);
        const invoice = await getInvoiceDetail(ctx.db, { courierId, customerId: null }, request.params.invoiceNo);
        const shelves = await waitingShelves(ctx.db, courierId, invoice.invoiceNo);
        const authorisedPeople = await authorisedPeopleOf(ctx.db, invoice.courierId, invoice.customerId);
        return { invoice, canOverride: canOverrideUnpaid(user), shelves, authorisedPeople };
      },
    );

    app.post(
      '/collections/:invoiceNo',
      {
        preHandler: requirePermission('packages_sign'),
        // A signature PNG can be several hundred KB as a data URL.
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags,
          params: invoiceNoParamSchema,
          querystring: courierQuerySchema,
          body: collectSchema,
          response: { 201: z.object({ delivered: z.number().int(), message: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const done = await collectInvoice({
          db: ctx.db,
          mailer: ctx.mailer,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          invoiceNo: request.params.invoiceNo,
          ...request.body,
        });
        return reply.status(201).send({ ...done, message: BILLING_MESSAGES.collected });
      },
    );

    app.get(
      '/collections/:invoiceNo/signature',
      {
        preHandler: requirePermission('invoices_view', 'packages_sign'),
        schema: {
          tags,
          params: invoiceNoParamSchema,
          querystring: courierQuerySchema,
          response: { 200: z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('image/png'), ...errors },
        },
      },
      async (request, reply) => {
        const png = await signatureImage(ctx.db, courierScope(currentUser(request), request.query.courierId), request.params.invoiceNo);
        return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(png);
      },
    );
  };
}
