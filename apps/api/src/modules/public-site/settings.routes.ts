import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema, idParamSchema, successSchema } from '@courier/shared/schemas/common';
import { publicContentSchema } from '@courier/shared/schemas/public-site';
import {
  courierDomainSchema,
  defaultCourierInputSchema,
  defaultCourierSchema,
  domainRequestSchema,
  embedSettingsInputSchema,
  embedSettingsSchema,
  publicContentInputSchema,
} from '@courier/shared/schemas/public-site-settings';
import type { AppContext } from '../../context';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { getEmbedSettings, getPublicContent, saveEmbedSettings, savePublicContent } from './content.service';
import { getDefaultCourier, setDefaultCourier } from './default-courier.service';
import { decideDomain, listAllDomains, listCourierDomains, removeDomain, requestDomain } from './domains.service';
import { courierScope } from '../../lib/courier-scope';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const view = requirePermission('settings_view');
const edit = requirePermission('settings_edit');

/**
 * A courier's public site settings: its content, its host names and who may embed its
 * sign-in and portal; the super admin approves host names and picks the default courier.
 * The courier is the caller's own (the super admin names one with `?courierId=`).
 */
export function publicSiteSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['settings'];
    const superAdmin = requireRole('super_admin');

    app.get(
      '/settings/public-content',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: publicContentSchema, ...errors } } },
      async (request) => getPublicContent(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );
    app.put(
      '/settings/public-content',
      {
        preHandler: edit,
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: publicContentInputSchema,
          response: { 200: publicContentSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return savePublicContent(ctx.db, actor, courierScope(actor, request.query.courierId), request.body);
      },
    );

    app.get(
      '/settings/domains',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(courierDomainSchema), ...errors } } },
      async (request) => listCourierDomains(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );
    app.post(
      '/settings/domains',
      {
        preHandler: edit,
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: domainRequestSchema,
          response: { 201: courierDomainSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const domain = await requestDomain(ctx.db, actor, courierScope(actor, request.query.courierId), request.body.hostname);
        return reply.status(201).send(domain);
      },
    );
    app.delete(
      '/settings/domains/:id',
      {
        preHandler: edit,
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: successSchema, ...errors } },
      },
      async (request) => {
        const actor = currentUser(request);
        await removeDomain(ctx.db, actor, courierScope(actor, request.query.courierId), request.params.id);
        return { success: true };
      },
    );

    app.get(
      '/settings/embed',
      { preHandler: view, schema: { tags, querystring: courierQuerySchema, response: { 200: embedSettingsSchema, ...errors } } },
      async (request) => getEmbedSettings(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );
    app.put(
      '/settings/embed',
      {
        preHandler: edit,
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: embedSettingsInputSchema,
          response: { 200: embedSettingsSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return saveEmbedSettings(ctx.db, actor, courierScope(actor, request.query.courierId), request.body.allowedOrigins);
      },
    );

    const platformTags = ['platform'];
    app.get(
      '/platform/domains',
      { onRequest: superAdmin, schema: { tags: platformTags, response: { 200: z.array(courierDomainSchema), ...errors } } },
      async () => listAllDomains(ctx.db),
    );
    for (const [verb, status] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      app.post(
        `/platform/domains/:id/${verb}`,
        { onRequest: superAdmin, schema: { tags: platformTags, params: idParamSchema, response: { 200: courierDomainSchema, ...errors } } },
        async (request) => decideDomain(ctx.db, currentUser(request), request.params.id, status),
      );
    }
    app.get(
      '/platform/default-courier',
      { onRequest: superAdmin, schema: { tags: platformTags, response: { 200: defaultCourierSchema, ...errors } } },
      async () => getDefaultCourier(ctx),
    );
    app.put(
      '/platform/default-courier',
      {
        onRequest: superAdmin,
        schema: { tags: platformTags, body: defaultCourierInputSchema, response: { 200: defaultCourierSchema, ...errors } },
      },
      async (request) => setDefaultCourier(ctx, currentUser(request), request.body.courierCode),
    );
  };
}
