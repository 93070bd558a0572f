import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  SETTINGS_MESSAGES,
  bankDetailsResponseSchema,
  bankDetailsSchema,
  courierBriefSchema,
  courierSchema,
  logoResponseSchema,
  shippingAddressesSchema,
  updateCourierSchema,
} from '@courier/shared/schemas/settings';
import type { AppContext } from '../../context';
import { LOGO_MAX_BYTES } from '@courier/shared/constants/limits';
import { AppError } from '../../lib/errors';
import { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
import { canReadCourierSettings, currentUser, requirePermission } from '../../plugins/auth';
import { getCourier, replaceLogo, updateBankDetails, updateCompany, updateShippingAddresses } from './courier-settings.service';
import { courierInPath } from '../../lib/courier-scope';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['couriers'];

/**
 * The courier calls the Settings tabs use: read the courier, and change its name and
 * contact, its US shipping addresses, its logo and its bank transfer details.
 */
export function courierSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  return async (app) => {
    app.get(
      '/couriers/:id',
      { schema: { tags, params: idParamSchema, response: { 200: z.union([courierSchema, courierBriefSchema]), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        if (user.role !== 'super_admin' && user.courierId !== request.params.id) throw new AppError('not_found', 'Courier not found');
        const courier = await getCourier(ctx.db, request.params.id);
        // The Settings tabs read it whole; everyone else of the courier gets its name, logo and documents' details.
        return canReadCourierSettings(user) ? courier : courierBriefSchema.parse(courier);
      },
    );

    app.put(
      '/couriers/:id',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags, params: idParamSchema, body: updateCourierSchema, response: { 200: courierSchema, ...errors } },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierInPath(actor, request.params.id);
        return updateCompany({ db: ctx.db, actor, courierId, input: request.body });
      },
    );

    app.put(
      '/couriers/:id/shipping-addresses',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags, params: idParamSchema, body: shippingAddressesSchema, response: { 200: courierSchema, ...errors } },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierInPath(actor, request.params.id);
        return updateShippingAddresses({ db: ctx.db, actor, courierId, input: request.body });
      },
    );

    app.put(
      '/couriers/:id/bank-details',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags, params: idParamSchema, body: bankDetailsSchema, response: { 200: bankDetailsResponseSchema, ...errors } },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierInPath(actor, request.params.id);
        const courier = await updateBankDetails({ db: ctx.db, actor, courierId, input: request.body });
        return { success: true as const, courier: { bank_details: courier.bank_details } };
      },
    );

    app.post(
      '/couriers/:id/logo',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          response: { 200: logoResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierInPath(actor, request.params.id);
        const upload = await readUpload(request, {
          field: 'logo',
          maxBytes: LOGO_MAX_BYTES,
          allowed: ['jpg', 'png', 'gif'],
          messages: {
            missing: SETTINGS_MESSAGES.logoNotImage,
            tooLarge: SETTINGS_MESSAGES.logoTooLarge,
            wrongType: SETTINGS_MESSAGES.logoNotImage,
          },
        });
        const logoUrl = await replaceLogo({ db: ctx.db, actor, courierId, storage, data: upload.data, extension: upload.type });
        return { success: true as const, logo_url: logoUrl };
      },
    );
  };
}
