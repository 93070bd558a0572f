import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import { appIconParamsSchema, courierCodeParamsSchema, customerAppManifestSchema } from '@courier/shared/schemas/customer-app';
import type { AppContext } from '../../context';
import { Storage } from '../../lib/storage';
import { appIconPng } from './app-icon';
import { courierOfApp, customerAppManifest } from './customer-app.service';

const tags = ['customer-app'];

export function customerAppRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  return async (app) => {
    app.get(
      '/public/customer-app/:code/manifest.webmanifest',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "A courier's customer app: its web app manifest (name, icons, colours, start page)",
          security: [],
          params: courierCodeParamsSchema,
          response: { 200: customerAppManifestSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const manifest = await customerAppManifest(ctx.db, ctx.config, request, request.params.code);
        reply.type('application/manifest+json').header('Cache-Control', 'no-cache');
        return manifest;
      },
    );

    app.get(
      '/public/customer-app/:code/icon-:size.png',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "The customer app's home-screen icon: the courier's logo, else its initials on its accent colour",
          security: [],
          params: appIconParamsSchema,
        },
      },
      async (request, reply) => {
        const courier = await courierOfApp(ctx.db, request.params.code);
        const size = Number(request.params.size) as 192 | 512;
        return reply
          .type('image/png')
          .header('Cache-Control', 'public, max-age=86400')
          .send(await appIconPng(size, courier, storage));
      },
    );
  };
}
