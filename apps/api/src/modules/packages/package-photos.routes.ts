import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  packagePhotoSchema,
  photoParamsSchema,
  photoSizeQuerySchema,
  photoUploadQuerySchema,
} from '@courier/shared/schemas/package-photos';
import { contentsPhotoStateSchema, requestContentsPhotoSchema } from '@courier/shared/schemas/contents-photos';
import type { AppContext } from '../../context';
import { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { cancelContentsPhoto, completeContentsPhoto, contentsPhotoState, requestContentsPhoto } from './contents-photos.service';
import { PHOTO_UPLOAD, addPackagePhoto, listPackagePhotos, packagePhotoFile, photoTarget } from './package-photos.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['packages'];

/** A private photo shown inline as an image, never sniffed or scripted, never cached by a shared cache. */
const sendPhoto = (reply: FastifyReply, data: Buffer) =>
  reply
    .type('image/jpeg')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, max-age=3600')
    .header('Content-Disposition', 'inline')
    .send(data);

/**
 * Photos of a package taken at check-in: staff add and see them, the customer sees their own; and
 * the photo of the contents the customer may ask for.
 */
export function packagePhotosRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  return async (app) => {
    app.post(
      '/packages/:id/photos',
      {
        preHandler: requirePermission('packages_scan', 'packages_edit'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          querystring: photoUploadQuerySchema,
          response: { 201: packagePhotoSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        // Another courier's package answers 404 before the file is read.
        await photoTarget(ctx.db, user, request.params.id, request.query.kind);
        const upload = await readUpload(request, PHOTO_UPLOAD);
        return reply.status(201).send(await addPackagePhoto(ctx.db, storage, user, request.params.id, upload.data, request.query.kind));
      },
    );

    app.get(
      '/packages/:id/photos',
      {
        preHandler: requirePermission('packages_view', 'packages_scan'),
        schema: { tags, params: idParamSchema, response: { 200: z.array(packagePhotoSchema), ...errors } },
      },
      async (request) => listPackagePhotos(ctx.db, currentUser(request), request.params.id, 'staff'),
    );

    app.get(
      '/packages/:id/photos/:photoId',
      {
        preHandler: requirePermission('packages_view', 'packages_scan'),
        schema: { tags, params: photoParamsSchema, querystring: photoSizeQuerySchema },
      },
      async (request, reply) =>
        sendPhoto(reply, await packagePhotoFile(ctx.db, storage, currentUser(request), request.params, request.query.size, 'staff')),
    );

    app.get(
      '/customer/packages/:id/photos',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, response: { 200: z.array(packagePhotoSchema), ...errors } },
      },
      async (request) => listPackagePhotos(ctx.db, currentUser(request), request.params.id, 'customer'),
    );

    // A photo of the contents: the customer asks (at the price shown) or cancels; staff mark it done.
    app.get(
      '/customer/packages/:id/contents-photo',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, response: { 200: contentsPhotoStateSchema, ...errors } },
      },
      async (request) => contentsPhotoState(ctx.db, currentUser(request), request.params.id, 'customer'),
    );
    app.post(
      '/customer/packages/:id/contents-photo',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, body: requestContentsPhotoSchema, response: { 201: contentsPhotoStateSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await requestContentsPhoto(ctx.db, currentUser(request), request.params.id, request.body.feeCents)),
    );
    app.delete(
      '/customer/packages/:id/contents-photo',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, response: { 200: contentsPhotoStateSchema, ...errors } },
      },
      async (request) => cancelContentsPhoto(ctx.db, currentUser(request), request.params.id),
    );
    app.get(
      '/packages/:id/contents-photo',
      {
        preHandler: requirePermission('packages_view', 'packages_scan'),
        schema: { tags, params: idParamSchema, response: { 200: contentsPhotoStateSchema, ...errors } },
      },
      async (request) => contentsPhotoState(ctx.db, currentUser(request), request.params.id, 'staff'),
    );
    app.post(
      '/packages/:id/contents-photo/done',
      {
        preHandler: requirePermission('packages_scan', 'packages_edit'),
        schema: { tags, params: idParamSchema, response: { 200: contentsPhotoStateSchema, ...errors } },
      },
      async (request) => completeContentsPhoto(ctx, currentUser(request), request.params.id),
    );

    app.get(
      '/customer/packages/:id/photos/:photoId',
      { preHandler: requireRole('customer'), schema: { tags, params: photoParamsSchema, querystring: photoSizeQuerySchema } },
      async (request, reply) =>
        sendPhoto(reply, await packagePhotoFile(ctx.db, storage, currentUser(request), request.params, request.query.size, 'customer')),
    );
  };
}
