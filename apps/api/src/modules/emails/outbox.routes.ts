import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema, pageSchema } from '@courier/shared/schemas/common';
import { outboxEntrySchema, outboxQuerySchema, outboxScopeQuerySchema, outboxSummarySchema } from '@courier/shared/schemas/outbox';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { listScope } from '../../lib/courier-scope';
import { listOutbox, outboxSummary, retryOutboxMail } from './outbox.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The e-mail outbox screen: what waits, what went, what failed and why; send again. */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['email-outbox'];
    app.get(
      '/email-outbox',
      {
        preHandler: requirePermission('settings_view'),
        schema: {
          tags,
          summary: 'E-mails of the outbox, newest first',
          querystring: outboxQuerySchema,
          response: { 200: pageSchema(outboxEntrySchema), ...errors },
        },
      },
      // The super admin names a courier, or sees the platform's own mail (no courier) when naming none.
      async (req) => listOutbox(ctx.db, listScope(currentUser(req), req.query.courierId), req.query),
    );
    app.get(
      '/email-outbox/summary',
      {
        preHandler: requirePermission('settings_view'),
        schema: {
          tags,
          summary: 'How many e-mails wait or failed, and whether SMTP can send',
          querystring: outboxScopeQuerySchema,
          response: { 200: outboxSummarySchema, ...errors },
        },
      },
      async (req) => outboxSummary(ctx.db, ctx.mailer, listScope(currentUser(req), req.query.courierId)),
    );
    app.post(
      '/email-outbox/:id/retry',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          summary: 'Send a failed e-mail again',
          params: idParamSchema,
          querystring: outboxScopeQuerySchema,
          response: { 200: outboxEntrySchema, ...errors },
        },
      },
      async (req) => retryOutboxMail(ctx.db, ctx.mailer, listScope(currentUser(req), req.query.courierId), req.params.id),
    );
  };
}
