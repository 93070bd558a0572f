import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema, queryIdSchema, successSchema } from '@courier/shared/schemas/common';
import {
  confirmPhoneSchema,
  customerChannelsSchema,
  customerMessagingSchema,
  messagingSettingsSchema,
  outboxMessageSchema,
  pushEndpointSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  requestPhoneCodeSchema,
  saveMessagingSettingsSchema,
} from '@courier/shared/schemas/messaging';
import type { AppContext } from '../../context';
import { courierScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { SecretBox } from '../../lib/secret-box';
import { type AuthUser, currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { confirmPhone, customerMessaging, requestPhoneCode, saveCustomerChannels } from './customer-phone.service';
import { getMessagingSettings, listOutboxMessages, saveMessagingSettings } from './messaging-settings.service';
import { recordInbound, recordStatusCallback } from './provider-callbacks.service';
import { removeSubscription, saveSubscription } from './push.service';
import { vapidKeys } from './vapid';

const tags = ['messaging'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The signed-in customer and their courier. */
function customerOf(user: AuthUser): { courierId: number; customerId: number } {
  if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
  return { courierId: user.courierId, customerId: user.id };
}

export function messagingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const box = new SecretBox(ctx.tokens.secret);
  const deps = { db: ctx.db, config: ctx.config, box };
  return async (app) => {
    // Twilio posts its callbacks form-encoded; only this module's routes read that.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const customer = requireRole('customer');

    // Push: the platform's public key, and this device's subscription.
    app.get('/customer/push/key', { preHandler: customer, schema: { tags, response: { 200: pushKeySchema, ...errors } } }, async () => ({
      publicKey: (await vapidKeys(ctx.db, ctx.config, box)).publicKey,
    }));
    app.post(
      '/customer/push/subscriptions',
      { preHandler: customer, schema: { tags, body: pushSubscriptionSchema, response: { 201: successSchema, ...errors } } },
      async (request, reply) => {
        await saveSubscription(ctx.db, ctx.config, customerOf(currentUser(request)), request.body);
        return reply.code(201).send({ success: true });
      },
    );
    app.post(
      '/customer/push/subscriptions/removal',
      { preHandler: customer, schema: { tags, body: pushEndpointSchema, response: { 200: successSchema, ...errors } } },
      async (request) => {
        await removeSubscription(ctx.db, customerOf(currentUser(request)).customerId, request.body.endpoint);
        return { success: true };
      },
    );

    // The customer's number and channels.
    app.get(
      '/customer/messaging',
      { preHandler: customer, schema: { tags, response: { 200: customerMessagingSchema, ...errors } } },
      async (request) => {
        const who = customerOf(currentUser(request));
        return customerMessaging(ctx.db, who.courierId, who.customerId);
      },
    );
    app.post(
      '/customer/messaging/phone',
      {
        preHandler: customer,
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        schema: { tags, body: requestPhoneCodeSchema, response: { 200: customerMessagingSchema, ...errors } },
      },
      async (request) => {
        const who = customerOf(currentUser(request));
        return requestPhoneCode(ctx.db, who.courierId, who.customerId, request.body.phone);
      },
    );
    app.post(
      '/customer/messaging/phone/confirm',
      {
        preHandler: customer,
        schema: { tags, body: confirmPhoneSchema, response: { 200: customerMessagingSchema, ...errors, 429: errorResponseSchema } },
      },
      async (request) => {
        const who = customerOf(currentUser(request));
        return confirmPhone(ctx.db, who.courierId, who.customerId, request.body.code);
      },
    );
    app.put(
      '/customer/messaging/channels',
      { preHandler: customer, schema: { tags, body: customerChannelsSchema, response: { 200: customerMessagingSchema, ...errors } } },
      async (request) => {
        const who = customerOf(currentUser(request));
        return saveCustomerChannels(ctx.db, who.courierId, who.customerId, request.body.chosen);
      },
    );

    // The courier's provider, its events and templates, and what went out.
    app.get(
      '/settings/messaging',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: messagingSettingsSchema, ...errors } },
      },
      async (request) => getMessagingSettings(ctx.db, ctx.config, courierScope(currentUser(request), request.query.courierId)),
    );
    app.put(
      '/settings/messaging',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: saveMessagingSettingsSchema,
          response: { 200: messagingSettingsSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return saveMessagingSettings(deps, actor, courierScope(actor, request.query.courierId), request.body);
      },
    );
    app.get(
      '/messaging/outbox',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(outboxMessageSchema), ...errors } },
      },
      async (request) => listOutboxMessages(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );

    // The provider's calls: signed with the courier's own Auth Token (X-Twilio-Signature).
    const providerCall = {
      config: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        security: [],
        params: z.object({ courierId: queryIdSchema }),
        body: z.record(z.string(), z.string()),
      },
    };
    const signatureOf = (headers: Record<string, unknown>) => {
      const value = headers['x-twilio-signature'];
      return typeof value === 'string' ? value : undefined;
    };
    app.post('/messaging/twilio/:courierId/status', providerCall, async (request, reply) => {
      await recordStatusCallback(deps, request.params.courierId, request.body, signatureOf(request.headers));
      return reply.code(204).send();
    });
    app.post('/messaging/twilio/:courierId/inbound', providerCall, async (request, reply) => {
      await recordInbound(deps, request.params.courierId, request.body, signatureOf(request.headers));
      return reply.type('text/xml').send(EMPTY_TWIML);
    });
  };
}
