import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema, queryIdSchema } from '@courier/shared/schemas/common';
import {
  createWebhookSchema,
  createdWebhookSchema,
  pickupRunSchema,
  pickupSourceDtoSchema,
  pickupSourceSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from '@courier/shared/schemas/integrations';
import type { AppContext } from '../../context';
import { ownCourier } from '../../lib/courier-scope';
import { SecretBox } from '../../lib/secret-box';
import { currentUser, requireRole } from '../../plugins/auth';
import { getPickupSource, pickUp, savePickupSource } from './agent-pickup.service';
import {
  createEndpoint,
  disableEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
  outboundPolicy,
} from './webhooks.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['integrations'];

/** The courier admin's webhook endpoints: registered (secret shown once), disabled, their deliveries, re-send, test. */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const admin = requireRole('courier_admin');
  const box = new SecretBox(ctx.tokens.secret);
  const policy = outboundPolicy(ctx.config);
  return async (app) => {
    app.get(
      '/settings/webhooks',
      { preHandler: admin, schema: { tags, response: { 200: z.array(webhookEndpointSchema), ...errors } } },
      async (request) => listEndpoints(ctx.db, ownCourier(currentUser(request))),
    );
    app.post(
      '/settings/webhooks',
      { preHandler: admin, schema: { tags, body: createWebhookSchema, response: { 201: createdWebhookSchema, ...errors } } },
      async (request, reply) => {
        const user = currentUser(request);
        return reply.status(201).send(await createEndpoint(ctx.db, box, policy, user, ownCourier(user), request.body));
      },
    );
    app.delete(
      '/settings/webhooks/:id',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 200: webhookEndpointSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        return disableEndpoint(ctx.db, user, ownCourier(user), request.params.id);
      },
    );
    app.get(
      '/settings/webhooks/:id/deliveries',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 200: z.array(webhookDeliverySchema), ...errors } } },
      async (request) => listDeliveries(ctx.db, ownCourier(currentUser(request)), request.params.id),
    );
    app.post(
      '/settings/webhooks/:id/test',
      { preHandler: admin, schema: { tags, params: idParamSchema, response: { 201: webhookDeliverySchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await sendTestEvent(ctx.db, ownCourier(currentUser(request)), request.params.id)),
    );
    app.post(
      '/settings/webhooks/:id/deliveries/:deliveryId/resend',
      {
        preHandler: admin,
        schema: {
          tags,
          params: z.object({ id: queryIdSchema, deliveryId: queryIdSchema }),
          response: { 201: webhookDeliverySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await resendDelivery(ctx.db, ownCourier(currentUser(request)), request.params.id, request.params.deliveryId)),
    );

    app.get(
      '/settings/agent-pickup',
      { preHandler: admin, schema: { tags, response: { 200: pickupSourceDtoSchema, ...errors } } },
      async (request) => getPickupSource(ctx.db, ownCourier(currentUser(request))),
    );
    app.put(
      '/settings/agent-pickup',
      { preHandler: admin, schema: { tags, body: pickupSourceSchema, response: { 200: pickupSourceDtoSchema, ...errors } } },
      async (request) => savePickupSource(ctx.db, policy, box, ownCourier(currentUser(request)), request.body),
    );
    app.post(
      '/settings/agent-pickup/run',
      { preHandler: admin, schema: { tags, response: { 200: pickupRunSchema, ...errors } } },
      async (request) => pickUp({ db: ctx.db, mailer: ctx.mailer }, policy, box, ownCourier(currentUser(request))),
    );
  };
}
