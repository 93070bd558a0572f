import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  carrierTrackingListQuerySchema,
  carrierTrackingPageSchema,
  carrierTrackingSchema,
  trackingAccountInputSchema,
  trackingAccountSchema,
} from '@courier/shared/schemas/carrier-tracking';
import { errorResponseSchema, idParamSchema, queryIdSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { SecretBox } from '../../lib/secret-box';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { SIGNATURE_HEADER } from './aftership';
import { customerPreAlertTracking, listCarrierTrackings } from './carrier-tracking-queries.service';
import { receiveWebhook } from './carrier-trackings.service';
import { saveTrackingAccount, trackingAccountOf } from './tracking-accounts.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['carrier-tracking'];

/** The carrier's scans before a parcel reaches the warehouse: the aggregator's webhook, and what people see. */
export function carrierTrackingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, config: ctx.config, box: new SecretBox(ctx.tokens.secret) };
  return async (app) => {
    app.get(
      '/customer/pre-alerts/:id/carrier-tracking',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: carrierTrackingSchema, ...errors } } },
      async (req) => customerPreAlertTracking(ctx.db, currentUser(req), req.params.id),
    );
    app.get(
      '/carrier-tracking',
      {
        preHandler: requirePermission('packages_view'),
        schema: { tags, querystring: carrierTrackingListQuerySchema, response: { 200: carrierTrackingPageSchema, ...errors } },
      },
      async (req) => listCarrierTrackings(ctx.db, currentUser(req), req.query),
    );
    app.get(
      '/carrier-tracking/account',
      { preHandler: requirePermission('settings_view'), schema: { tags, response: { 200: trackingAccountSchema, ...errors } } },
      async (req) => trackingAccountOf(deps, currentUser(req)),
    );
    app.put(
      '/carrier-tracking/account',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags, body: trackingAccountInputSchema, response: { 200: trackingAccountSchema, ...errors } },
      },
      async (req) => saveTrackingAccount(deps, currentUser(req), req.body),
    );

    // The aggregator's webhook: the signature is over the raw bytes, so this route reads them as they came.
    await app.register(async (scope) => {
      const raw = scope.withTypeProvider<ZodTypeProvider>();
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
      raw.post(
        '/carrier-tracking/aftership/:courierId',
        {
          config: { public: true },
          schema: {
            tags,
            description: 'AfterShip tracking webhooks for one courier, signed in aftership-hmac-sha256 with its webhook secret.',
            params: z.object({ courierId: queryIdSchema }),
            response: { 200: z.object({ updated: z.number().int() }), ...errors },
          },
        },
        async (req) => {
          const header = req.headers[SIGNATURE_HEADER];
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          return receiveWebhook(deps, req.params.courierId, body, typeof header === 'string' ? header : undefined);
        },
      );
    });
  };
}
