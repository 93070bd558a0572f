import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, pageSchema } from '@courier/shared/schemas/common';
import {
  PUBLIC_MESSAGES,
  assistedPurchaseRecordSchema,
  assistedPurchaseRequestSchema,
  contactMessageRecordSchema,
  contactRequestSchema,
  inboxQuerySchema,
  publicSubmissionResponseSchema,
} from '@courier/shared/schemas/public';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { createAssistedPurchaseRequest, createContactMessage, listAssistedPurchaseRequests, listContactMessages } from './public.service';
import { courierScope } from '../../lib/courier-scope';

/**
 * Anyone can write to these two, so each IP gets a small budget: enough for a person who fixes a
 * typo and sends again, far too little for a spam run.
 */
export const PUBLIC_FORM_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const listErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
/** Who reads the website's requests and messages: those who look after customers or answer tickets. */
const inboxGuard = requirePermission('customers_view', 'tickets_view');

/** The public site's forms (submitted for real) and the inbox lists of the courier's admins. */
export function publicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/public/assisted-purchase',
      {
        config: { public: true, rateLimit: PUBLIC_FORM_RATE_LIMIT },
        schema: {
          tags: ['public'],
          summary: 'Send a Shop For Me request to the courier of the api key',
          security: [],
          body: assistedPurchaseRequestSchema,
          response: { 201: publicSubmissionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const id = await createAssistedPurchaseRequest(ctx, request.body);
        return reply.status(201).send({ success: true, id, message: PUBLIC_MESSAGES.assistedPurchaseSent });
      },
    );

    app.post(
      '/public/contact',
      {
        config: { public: true, rateLimit: PUBLIC_FORM_RATE_LIMIT },
        schema: {
          tags: ['public'],
          summary: 'Send a contact message to the courier of the api key',
          security: [],
          body: contactRequestSchema,
          response: { 201: publicSubmissionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const id = await createContactMessage(ctx, request.body);
        return reply.status(201).send({ success: true, id, message: PUBLIC_MESSAGES.contactSent });
      },
    );

    app.get(
      '/assisted-purchase-requests',
      {
        preHandler: inboxGuard,
        schema: {
          tags: ['public'],
          summary: "The courier's Shop For Me requests, newest first",
          querystring: inboxQuerySchema,
          response: { 200: pageSchema(assistedPurchaseRecordSchema), ...listErrors },
        },
      },
      async (request) => {
        const courierId = courierScope(currentUser(request), request.query.courierId);
        return listAssistedPurchaseRequests(ctx.db, { courierId, page: request.query.page, limit: request.query.limit });
      },
    );

    app.get(
      '/contact-messages',
      {
        preHandler: inboxGuard,
        schema: {
          tags: ['public'],
          summary: "The courier's website messages, newest first",
          querystring: inboxQuerySchema,
          response: { 200: pageSchema(contactMessageRecordSchema), ...listErrors },
        },
      },
      async (request) => {
        const courierId = courierScope(currentUser(request), request.query.courierId);
        return listContactMessages(ctx.db, { courierId, page: request.query.page, limit: request.query.limit });
      },
    );
  };
}
