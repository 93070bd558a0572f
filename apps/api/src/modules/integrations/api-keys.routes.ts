import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from '@courier/shared/schemas/integrations';
import type { AppContext } from '../../context';
import { ownCourier } from '../../lib/courier-scope';
import { currentUser, requireRole } from '../../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['integrations'];

/** The courier admin's API keys for the inbound API: created (shown once), listed with their last use, revoked. */
export function apiKeysRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const admin = requireRole('courier_admin');
  return async (app) => {
    app.get(
      '/settings/api-keys',
      { preHandler: admin, schema: { tags, response: { 200: z.array(apiKeySchema), ...errors } } },
      async (request) => listApiKeys(ctx.db, ownCourier(currentUser(request))),
    );
    app.post(
      '/settings/api-keys',
      { preHandler: admin, schema: { tags, body: createApiKeySchema, response: { 201: createdApiKeySchema, ...errors } } },
      async (request, reply) => {
        const user = currentUser(request);
        return reply.status(201).send(await createApiKey(ctx.db, user, ownCourier(user), request.body));
      },
    );
    app.delete(
      '/settings/api-keys/:id',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 200: apiKeySchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        return revokeApiKey(ctx.db, user, ownCourier(user), request.params.id);
      },
    );
  };
}
