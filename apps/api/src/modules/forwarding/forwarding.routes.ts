import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  completeConsolidationSchema,
  consolidationListQuerySchema,
  consolidationListSchema,
  consolidationPreviewInputSchema,
  consolidationPreviewSchema,
  consolidationSchema,
  createConsolidationSchema,
  customerShopRequestSchema,
  serviceFeesSchema,
  shopDecisionSchema,
  shopListQuerySchema,
  shopListSchema,
  shopPurchaseSchema,
  shopQuoteSchema,
  shopRequestSchema,
} from '@courier/shared/schemas/services';
import type { AppContext } from '../../context';
import { courierOf } from '../../lib/courier-scope';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { cancelConsolidation, completeConsolidation, createConsolidation } from './consolidation.service';
import { getConsolidation, listConsolidations } from './consolidation-rows.service';
import { previewConsolidation } from './consolidation-preview.service';
import { createCustomerShopRequest } from './customer-shop-request.service';
import { serviceFees } from './service-fees.service';
import { decideShopRequest, quoteShopRequest, recordShopPurchase } from './shop-for-me.service';
import { getShopRequest, listShopRequests } from './shop-request-rows.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['forwarding'];

/** Consolidation and Shop For Me: customers ask and answer, the courier's staff carry them out. */
export function forwardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  const customer = requireRole('customer');
  return async (app) => {
    /* ---------- Consolidation ---------- */
    app.get(
      '/customer/consolidations',
      { preHandler: customer, schema: { tags, response: { 200: consolidationListSchema, ...errors } } },
      async (request) => listConsolidations(ctx.db, currentUser(request), {}),
    );
    app.post(
      '/customer/consolidations',
      { preHandler: customer, schema: { tags, body: createConsolidationSchema, response: { 201: consolidationSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await createConsolidation(s, currentUser(request), request.body)),
    );
    app.post(
      '/customer/consolidations/preview',
      {
        preHandler: customer,
        schema: { tags, body: consolidationPreviewInputSchema, response: { 200: consolidationPreviewSchema, ...errors } },
      },
      async (request) => previewConsolidation(ctx.db, currentUser(request), request.body),
    );
    app.post(
      '/customer/consolidations/:id/cancel',
      { preHandler: customer, schema: { tags, params: idParamSchema, response: { 200: consolidationSchema, ...errors } } },
      async (request) => cancelConsolidation(s, currentUser(request), request.params.id),
    );
    app.get(
      '/consolidations',
      {
        preHandler: requirePermission('packages_view', 'packages_scan'),
        schema: { tags, querystring: consolidationListQuerySchema, response: { 200: consolidationListSchema, ...errors } },
      },
      async (request) => listConsolidations(ctx.db, currentUser(request), request.query),
    );
    app.get(
      '/consolidations/:id',
      {
        preHandler: requirePermission('packages_view', 'packages_scan'),
        schema: { tags, params: idParamSchema, response: { 200: consolidationSchema, ...errors } },
      },
      async (request) => getConsolidation(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/consolidations/:id/complete',
      {
        preHandler: requirePermission('packages_scan'),
        schema: { tags, params: idParamSchema, body: completeConsolidationSchema, response: { 200: consolidationSchema, ...errors } },
      },
      async (request) => completeConsolidation(s, currentUser(request), request.params.id, request.body),
    );
    app.post(
      '/consolidations/:id/cancel',
      {
        preHandler: requirePermission('packages_scan'),
        schema: { tags, params: idParamSchema, response: { 200: consolidationSchema, ...errors } },
      },
      async (request) => cancelConsolidation(s, currentUser(request), request.params.id),
    );

    /* ---------- Shop For Me ---------- */
    app.get(
      '/customer/shop-requests',
      { preHandler: customer, schema: { tags, response: { 200: shopListSchema, ...errors } } },
      async (request) => listShopRequests(ctx.db, currentUser(request), {}),
    );
    app.post(
      '/customer/shop-requests',
      { preHandler: customer, schema: { tags, body: customerShopRequestSchema, response: { 201: shopRequestSchema, ...errors } } },
      async (request, reply) => {
        const user = currentUser(request);
        const id = await createCustomerShopRequest(s, user, request.body);
        return reply.status(201).send(await getShopRequest(ctx.db, user, id));
      },
    );
    app.get(
      '/customer/shop-requests/:id',
      { preHandler: customer, schema: { tags, params: idParamSchema, response: { 200: shopRequestSchema, ...errors } } },
      async (request) => getShopRequest(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/customer/shop-requests/:id/decision',
      {
        preHandler: customer,
        schema: { tags, params: idParamSchema, body: shopDecisionSchema, response: { 200: shopRequestSchema, ...errors } },
      },
      async (request) => decideShopRequest(s, currentUser(request), request.params.id, request.body),
    );
    const shopReaders = requirePermission('customers_view', 'tickets_view');
    app.get(
      '/shop-requests',
      { preHandler: shopReaders, schema: { tags, querystring: shopListQuerySchema, response: { 200: shopListSchema, ...errors } } },
      async (request) => listShopRequests(ctx.db, currentUser(request), request.query),
    );
    app.get(
      '/shop-requests/:id',
      { preHandler: shopReaders, schema: { tags, params: idParamSchema, response: { 200: shopRequestSchema, ...errors } } },
      async (request) => getShopRequest(ctx.db, currentUser(request), request.params.id),
    );
    app.post(
      '/shop-requests/:id/quote',
      {
        preHandler: requirePermission('invoices_create'),
        schema: { tags, params: idParamSchema, body: shopQuoteSchema, response: { 200: shopRequestSchema, ...errors } },
      },
      async (request) => quoteShopRequest(s, currentUser(request), request.params.id, request.body),
    );
    app.post(
      '/shop-requests/:id/purchase',
      {
        preHandler: requirePermission('packages_create'),
        schema: { tags, params: idParamSchema, body: shopPurchaseSchema, response: { 200: shopRequestSchema, ...errors } },
      },
      async (request) => recordShopPurchase(s, currentUser(request), request.params.id, request.body),
    );

    /* ---------- The services' prices (read from the fee engine; changed on the Fees tab) ---------- */
    app.get(
      '/service-fees',
      // Staff who quote Shop For Me see the fee they will charge.
      {
        preHandler: requirePermission('settings_view', 'invoices_create'),
        schema: { tags, response: { 200: serviceFeesSchema, ...errors } },
      },
      async (request) => serviceFees(ctx.db, courierOf(currentUser(request))),
    );
  };
}
