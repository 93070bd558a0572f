import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema, listQuerySchema, pageSchema } from '@courier/shared/schemas/common';
import {
  courierCreateSchema,
  courierDetailSchema,
  courierOptionSchema,
  courierPaymentTestModeSchema,
  courierSmtpSecuritySchema,
  courierStatusSchema,
  courierSummarySchema,
  courierUpdateSchema,
  platformSettingsInputSchema,
  platformSettingsViewSchema,
} from '@courier/shared/schemas/platform';
import type { AppContext } from '../../context';
import { SecretBox } from '../../lib/secret-box';
import { currentUser, requireRole } from '../../plugins/auth';
import {
  courierOptions,
  createCourier,
  getCourierDetail,
  listCouriers,
  rotateApiKey,
  setCourierPaymentTestMode,
  setCourierSmtpSecurity,
  setCourierStatus,
  updateCourier,
} from './couriers-admin.service';
import { getPlatformSettings, savePlatformSettings } from './platform-settings.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * The super admin's platform: couriers (the tenants) and the platform settings. Under /platform so
 * the courier-facing `/couriers/{id}` calls stay the settings area's.
 */
export function platformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const secrets = new SecretBox(ctx.tokens.secret);
  // The environment's SMTP shows beside the stored settings: it sends while none are stored.
  const settingsView = async () => ({ ...(await getPlatformSettings(ctx.db)), environmentSmtp: ctx.mailer.environmentSmtp() });
  return async (app) => {
    const tags = ['platform'];
    const superAdmin = requireRole('super_admin');
    app.get(
      '/platform/couriers',
      {
        onRequest: superAdmin,
        schema: { tags, querystring: listQuerySchema, response: { 200: pageSchema(courierSummarySchema), ...errors } },
      },
      async (req) => listCouriers(ctx.db, req.query),
    );
    app.get(
      '/platform/couriers/options',
      { onRequest: superAdmin, schema: { tags, response: { 200: z.array(courierOptionSchema), ...errors } } },
      async () => courierOptions(ctx.db),
    );
    app.get(
      '/platform/couriers/:id',
      { onRequest: superAdmin, schema: { tags, params: idParamSchema, response: { 200: courierDetailSchema, ...errors } } },
      async (req) => getCourierDetail(ctx.db, req.params.id),
    );
    app.post(
      '/platform/couriers',
      {
        onRequest: superAdmin,
        schema: { tags, body: courierCreateSchema, response: { 201: courierDetailSchema, 409: errorResponseSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await createCourier(ctx.db, currentUser(req), req.body)),
    );
    app.put(
      '/platform/couriers/:id',
      {
        onRequest: superAdmin,
        schema: {
          tags,
          params: idParamSchema,
          body: courierUpdateSchema,
          response: { 200: courierDetailSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (req) => updateCourier(ctx.db, currentUser(req), req.params.id, req.body),
    );
    app.patch(
      '/platform/couriers/:id/status',
      {
        onRequest: superAdmin,
        schema: { tags, params: idParamSchema, body: courierStatusSchema, response: { 200: courierDetailSchema, ...errors } },
      },
      async (req) => setCourierStatus(ctx.db, currentUser(req), req.params.id, req.body.status),
    );
    app.patch(
      '/platform/couriers/:id/smtp-security',
      {
        onRequest: superAdmin,
        schema: { tags, params: idParamSchema, body: courierSmtpSecuritySchema, response: { 200: courierDetailSchema, ...errors } },
      },
      async (req) => setCourierSmtpSecurity(ctx.db, currentUser(req), req.params.id, req.body.allowInsecureSmtp),
    );
    app.patch(
      '/platform/couriers/:id/payment-test-mode',
      {
        onRequest: superAdmin,
        schema: { tags, params: idParamSchema, body: courierPaymentTestModeSchema, response: { 200: courierDetailSchema, ...errors } },
      },
      async (req) => setCourierPaymentTestMode(ctx.db, currentUser(req), req.params.id, req.body.paymentTestMode),
    );
    app.post(
      '/platform/couriers/:id/api-key',
      { onRequest: superAdmin, schema: { tags, params: idParamSchema, response: { 200: courierDetailSchema, ...errors } } },
      async (req) => rotateApiKey(ctx.db, currentUser(req), req.params.id),
    );
    app.get(
      '/platform/settings',
      { onRequest: superAdmin, schema: { tags, response: { 200: platformSettingsViewSchema, ...errors } } },
      async () => settingsView(),
    );
    app.put(
      '/platform/settings',
      {
        onRequest: superAdmin,
        schema: { tags, body: platformSettingsInputSchema, response: { 200: platformSettingsViewSchema, ...errors } },
      },
      async (req) => {
        await savePlatformSettings(ctx.db, secrets, currentUser(req), req.body);
        return settingsView();
      },
    );
  };
}
