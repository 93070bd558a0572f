import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATE_SHEET_MAX_BYTES } from '@courier/shared/constants/limits';
import { courierQuerySchema, errorResponseSchema, idParamSchema, successSchema } from '@courier/shared/schemas/common';
import {
  SETTINGS_MESSAGES,
  additionalFeesInputSchema,
  additionalFeesSchema,
  bankDetailsReadSchema,
  emailConfigInputSchemaWith,
  emailConfigResponseSchema,
  processingFeeInputSchema,
  processingFeeSchema,
  rateSheetSchema,
  rateSheetUploadResponseSchema,
  shippingRateInputSchema,
  shippingRateSchema,
  testEmailSchema,
} from '@courier/shared/schemas/settings';
import type { AppContext } from '../../context';
import { API_MESSAGES } from '@courier/shared/messages';
import { AppError } from '../../lib/errors';
import { SecretBox } from '../../lib/secret-box';
import { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
import { canReadCourierSettings, currentUser, requirePermission } from '../../plugins/auth';
import { findCourier, replaceRateSheet } from '../couriers/index';
import { getWarehouseSettings, saveWarehouseSettings } from './warehouse.service';
import { advanceTestClock, getTestClock } from './test-clock.service';
import { testClockAdvanceSchema, testClockSchema } from '@courier/shared/schemas/test-clock';
import { warehouseSettingsInputSchema, warehouseSettingsSchema } from '@courier/shared/schemas/packages';
import { getEmailConfig, saveEmailConfig, sendTestEmail } from './email-config.service';
import {
  createProcessingFee,
  createShippingRate,
  deleteProcessingFee,
  deleteShippingRate,
  getAdditionalFees,
  listProcessingFees,
  listShippingRates,
  saveAdditionalFees,
  updateProcessingFee,
  updateShippingRate,
} from './fees.service';
import { courierInPath, courierScope } from '../../lib/courier-scope';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const view = requirePermission('settings_view');
const edit = requirePermission('settings_edit');

/**
 * The Settings calls under /settings and /rate-sheet: shipping rates, additional and
 * processing fees, bank details, the courier's e-mail configuration and the rate sheet.
 * Reading needs `settings_view`, changing `settings_edit`; every change is audited.
 */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const secrets = new SecretBox(ctx.tokens.secret);
  const storage = new Storage(ctx.config);
  return async (app) => {
    const tags = ['settings'];

    // Warehouse rules ----------------------------------------------------------------
    app.get(
      '/settings/warehouse',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: warehouseSettingsSchema, ...errors } } },
      async (request) => getWarehouseSettings(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );
    app.put(
      '/settings/warehouse',
      {
        preHandler: edit,
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: warehouseSettingsInputSchema,
          response: { 200: warehouseSettingsSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return saveWarehouseSettings(ctx.db, actor, courierScope(actor, request.query.courierId), request.body);
      },
    );

    // The test clock: a courier in test mode moves its clock ahead; a live courier's is real time.
    app.get(
      '/settings/test-clock',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: testClockSchema, ...errors } } },
      async (request) => getTestClock(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );
    app.post(
      '/settings/test-clock/advance',
      {
        preHandler: edit,
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: testClockAdvanceSchema,
          response: { 200: testClockSchema, 409: errorResponseSchema, 422: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return advanceTestClock(ctx.db, actor, courierScope(actor, request.query.courierId), request.body.days);
      },
    );

    // Shipping rates ---------------------------------------------------------------------------
    app.get(
      '/settings/shipping-rates',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(shippingRateSchema), ...errors } } },
      async (request) => listShippingRates({ db: ctx.db, courierId: courierScope(currentUser(request), request.query.courierId) }),
    );
    app.post(
      '/settings/shipping-rates',
      {
        preHandler: edit,
        schema: { tags, querystring: courierQuerySchema, body: shippingRateInputSchema, response: { 201: shippingRateSchema, ...errors } },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const rate = await createShippingRate({
          db: ctx.db,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          input: request.body,
        });
        return reply.status(201).send(rate);
      },
    );
    app.put(
      '/settings/shipping-rates/:id',
      {
        preHandler: edit,
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          body: shippingRateInputSchema,
          response: { 200: shippingRateSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierScope(actor, request.query.courierId);
        return updateShippingRate({ db: ctx.db, actor, courierId, id: request.params.id, input: request.body });
      },
    );
    app.delete(
      '/settings/shipping-rates/:id',
      {
        preHandler: edit,
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: successSchema, ...errors } },
      },
      async (request) => {
        const actor = currentUser(request);
        await deleteShippingRate({ db: ctx.db, actor, courierId: courierScope(actor, request.query.courierId), id: request.params.id });
        return { success: true };
      },
    );

    // Additional fees --------------------------------------------------------------------------
    app.get(
      '/settings/additional-fees',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: additionalFeesSchema, ...errors } } },
      async (request) => getAdditionalFees({ db: ctx.db, courierId: courierScope(currentUser(request), request.query.courierId) }),
    );
    app.put(
      '/settings/additional-fees',
      {
        preHandler: edit,
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: additionalFeesInputSchema,
          response: { 200: additionalFeesSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return saveAdditionalFees({ db: ctx.db, actor, courierId: courierScope(actor, request.query.courierId), input: request.body });
      },
    );

    // Processing fees --------------------------------------------------------------------------
    app.get(
      '/settings/processing-fees',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(processingFeeSchema), ...errors } } },
      async (request) => listProcessingFees({ db: ctx.db, courierId: courierScope(currentUser(request), request.query.courierId) }),
    );
    app.post(
      '/settings/processing-fees',
      {
        preHandler: edit,
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: processingFeeInputSchema,
          response: { 201: processingFeeSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const fee = await createProcessingFee({
          db: ctx.db,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          input: request.body,
        });
        return reply.status(201).send(fee);
      },
    );
    app.put(
      '/settings/processing-fees/:id',
      {
        preHandler: edit,
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          body: processingFeeInputSchema,
          response: { 200: processingFeeSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierScope(actor, request.query.courierId);
        return updateProcessingFee({ db: ctx.db, actor, courierId, id: request.params.id, input: request.body });
      },
    );
    app.delete(
      '/settings/processing-fees/:id',
      {
        preHandler: edit,
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: successSchema, ...errors } },
      },
      async (request) => {
        const actor = currentUser(request);
        await deleteProcessingFee({ db: ctx.db, actor, courierId: courierScope(actor, request.query.courierId), id: request.params.id });
        return { success: true };
      },
    );

    // Bank details -----------------------------------------------------------------------------
    app.get(
      '/settings/bank-details',
      { schema: { tags, querystring: courierQuerySchema, response: { 200: bankDetailsReadSchema, ...errors } } },
      async (request) => {
        // Customers read them (they pay into the account); staff-side only with the settings right.
        const user = currentUser(request);
        if (user.kind !== 'customer' && !canReadCourierSettings(user)) throw new AppError('forbidden', API_MESSAGES.forbidden);
        const courier = await findCourier(ctx.db, courierScope(user, request.query.courierId));
        const details = courier.bankDetails;
        return { details, lines: details ? details.split(/\r?\n/).filter((l) => l.trim() !== '') : [] };
      },
    );

    // E-mail configuration ---------------------------------------------------------------------
    app.get(
      '/settings/couriers/:id/email-config',
      { preHandler: view, schema: { tags, params: idParamSchema, response: { 200: emailConfigResponseSchema, ...errors } } },
      async (request) => {
        const courierId = courierInPath(currentUser(request), request.params.id);
        return { success: true as const, data: await getEmailConfig(ctx.db, courierId) };
      },
    );
    app.post(
      '/settings/couriers/:id/email-config',
      {
        preHandler: edit,
        schema: {
          tags,
          params: idParamSchema,
          body: emailConfigInputSchemaWith(ctx.config.SMTP_ALLOWED_PORTS),
          response: { 200: emailConfigResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierInPath(actor, request.params.id);
        await findCourier(ctx.db, courierId);
        const data = await saveEmailConfig({ db: ctx.db, secrets, mailer: ctx.mailer, actor, courierId, input: request.body });
        return { success: true as const, data };
      },
    );
    app.post(
      '/settings/couriers/:id/email-config/test',
      {
        preHandler: edit,
        schema: {
          tags,
          params: idParamSchema,
          body: testEmailSchema,
          response: { 200: successSchema, 422: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierInPath(actor, request.params.id);
        await sendTestEmail({ db: ctx.db, config: ctx.config, secrets, log: request.log, actor, courierId, to: request.body.test_email });
        return { success: true, message: SETTINGS_MESSAGES.testEmailSent };
      },
    );

    // Rate sheet -------------------------------------------------------------------------------
    app.get(
      '/rate-sheet',
      { schema: { tags, querystring: courierQuerySchema, response: { 200: rateSheetSchema, ...errors } } },
      async (request) => {
        // Every account of the courier reads it: customers have a Rate Sheet page of their own.
        const courier = await findCourier(ctx.db, courierScope(currentUser(request), request.query.courierId));
        return { rate_sheet_url: courier.rateSheetUrl };
      },
    );
    app.post(
      '/rate-sheet',
      {
        preHandler: edit,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: rateSheetUploadResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const upload = await readUpload(request, {
          field: 'rate_sheet',
          maxBytes: RATE_SHEET_MAX_BYTES,
          allowed: ['pdf', 'xlsx', 'xls', 'doc', 'docx'],
          messages: {
            missing: SETTINGS_MESSAGES.fileRequired,
            tooLarge: SETTINGS_MESSAGES.rateSheetTooLarge,
            wrongType: SETTINGS_MESSAGES.rateSheetWrongType,
          },
        });
        const named = Number(upload.fields.courier_id);
        if (!Number.isInteger(named) || named <= 0) throw new AppError('bad_request', SETTINGS_MESSAGES.courierIdMissing);
        const courierId = courierInPath(actor, named);
        await findCourier(ctx.db, courierId);
        const url = await replaceRateSheet({ db: ctx.db, actor, courierId, storage, data: upload.data, extension: upload.type });
        return { success: true as const, rate_sheet_url: url };
      },
    );
  };
}
