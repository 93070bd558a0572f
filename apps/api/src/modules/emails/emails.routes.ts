import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courierListQuerySchema,
  courierQuerySchema,
  errorResponseSchema,
  idParamSchema,
  pageSchema,
  successSchema,
} from '@courier/shared/schemas/common';
import {
  batchEmailInputSchema,
  batchEmailSchema,
  batchPreviewInputSchema,
  batchPreviewSchema,
  batchRecipientSchema,
} from '@courier/shared/schemas/emails';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { batchRecipients, createBatch, deleteBatch, getBatch, listBatches, previewBatch, sendBatch, updateBatch } from './emails.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Batch e-mails to a courier's customers, sent through the outbox (DOMAIN.md). */
export function emailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['batch-emails'];
    app.get(
      '/batch-emails',
      {
        preHandler: requirePermission('emails_view'),
        schema: {
          tags,
          querystring: courierListQuerySchema,
          response: { 200: pageSchema(batchEmailSchema), ...errors },
        },
      },
      async (req) => listBatches(ctx.db, currentUser(req), req.query),
    );
    app.post(
      '/batch-emails/preview',
      {
        preHandler: requirePermission('emails_create'),
        schema: { tags, querystring: courierQuerySchema, body: batchPreviewInputSchema, response: { 200: batchPreviewSchema, ...errors } },
      },
      async (req) => previewBatch(ctx.db, currentUser(req), req.body, req.query.courierId),
    );
    app.get(
      '/batch-emails/:id',
      {
        preHandler: requirePermission('emails_view'),
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: batchEmailSchema, ...errors } },
      },
      async (req) => getBatch(ctx.db, currentUser(req), req.params.id, req.query.courierId),
    );
    app.get(
      '/batch-emails/:id/recipients',
      {
        preHandler: requirePermission('emails_view'),
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema.extend({
            page: z.coerce.number().int().min(1).default(1),
            limit: z.coerce.number().int().min(1).max(100).default(25),
            status: z.enum(['waiting', 'sent', 'failed']).optional(),
          }),
          response: { 200: pageSchema(batchRecipientSchema), ...errors },
        },
      },
      async (req) => batchRecipients(ctx.db, currentUser(req), req.params.id, req.query),
    );
    app.post(
      '/batch-emails',
      {
        preHandler: requirePermission('emails_create'),
        schema: { tags, querystring: courierQuerySchema, body: batchEmailInputSchema, response: { 201: batchEmailSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await createBatch(ctx.db, currentUser(req), req.body, req.query.courierId)),
    );
    app.put(
      '/batch-emails/:id',
      {
        preHandler: requirePermission('emails_create'),
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          body: batchEmailInputSchema,
          response: { 200: batchEmailSchema, ...errors },
        },
      },
      async (req) => updateBatch(ctx.db, currentUser(req), req.params.id, req.body, req.query.courierId),
    );
    app.delete(
      '/batch-emails/:id',
      {
        preHandler: requirePermission('emails_create'),
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: successSchema, ...errors } },
      },
      async (req) => {
        await deleteBatch(ctx.db, currentUser(req), req.params.id, req.query.courierId);
        return { success: true };
      },
    );
    app.post(
      '/batch-emails/:id/send',
      {
        preHandler: requirePermission('emails_create'),
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: batchEmailSchema, ...errors } },
      },
      async (req) => sendBatch(ctx.db, currentUser(req), req.params.id, req.query.courierId),
    );
  };
}
