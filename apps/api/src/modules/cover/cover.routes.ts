import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import { photoParamsSchema, photoSizeQuerySchema } from '@courier/shared/schemas/package-photos';
import {
  CLAIM_STATUSES,
  claimCreateSchema,
  claimDecisionSchema,
  claimSchema,
  insureByDefaultSchema,
  insureByDefaultViewSchema,
  insurePackageSchema,
  packageCoverSchema,
} from '@courier/shared/schemas/insurance';
import type { AppContext } from '../../context';
import { courierOf, courierScope } from '../../lib/courier-scope';
import { currentUser, customerOrPermission, requirePermission, requireRole } from '../../plugins/auth';
import type { AuthUser } from '../../plugins/auth';
import { PHOTO_UPLOAD } from '../packages/index';
import { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
import { addClaimPhoto, claimPhotoFile, claimPhotoTarget } from './claim-photos.service';
import { decideClaim, listClaims, openClaim } from './claims.service';
import { getInsureByDefault, packageCover, setInsureByDefault, setPackageInsurance } from './cover.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

/** Whose packages the caller reaches: a customer their own, staff their courier's (the super admin names one). */
const whoOf = (user: AuthUser, courierId?: number) =>
  user.kind === 'customer'
    ? { courierId: courierOf(user), customerId: user.id }
    : { courierId: courierScope(user, courierId), customerId: null };

/**
 * A package's cover: insurance (the customer's choice, or every package by default), claims and
 * their outcome, and the storage countdown. Customers on their own packages; staff with the
 * package permissions on their courier's.
 */
export function coverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  return async (app) => {
    const tags = ['insurance'];
    app.get(
      '/packages/:id/cover',
      {
        preHandler: requirePermission('packages_view'),
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: packageCoverSchema, ...errors } },
      },
      async (request) => packageCover(ctx.db, whoOf(currentUser(request), request.query.courierId), request.params.id),
    );
    app.get(
      '/customer/packages/:id/cover',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: packageCoverSchema, ...errors } } },
      async (request) => packageCover(ctx.db, whoOf(currentUser(request)), request.params.id),
    );
    app.put(
      '/packages/:id/insurance',
      {
        preHandler: requirePermission('packages_edit'),
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          body: insurePackageSchema,
          response: { 200: packageCoverSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return setPackageInsurance(ctx.db, user, whoOf(user, request.query.courierId), request.params.id, request.body.insured);
      },
    );
    app.put(
      '/customer/packages/:id/insurance',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, body: insurePackageSchema, response: { 200: packageCoverSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        return setPackageInsurance(ctx.db, user, whoOf(user), request.params.id, request.body.insured);
      },
    );
    app.get(
      '/customer/insurance',
      { preHandler: requireRole('customer'), schema: { tags, response: { 200: insureByDefaultViewSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        return getInsureByDefault(ctx.db, courierOf(user), user.id);
      },
    );
    app.put(
      '/customer/insurance',
      {
        preHandler: requireRole('customer'),
        schema: { tags, body: insureByDefaultSchema, response: { 200: insureByDefaultViewSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        return setInsureByDefault(ctx.db, user, courierOf(user), user.id, request.body.insureByDefault);
      },
    );
    app.get(
      '/insurance-claims',
      {
        preHandler: customerOrPermission('packages_view'),
        schema: {
          tags,
          querystring: courierQuerySchema.extend({
            status: z.enum(CLAIM_STATUSES, { error: 'Choose open, approved or declined' }).optional(),
          }),
          response: { 200: z.object({ data: z.array(claimSchema) }), ...errors },
        },
      },
      async (request) => ({
        data: await listClaims(ctx.db, { ...whoOf(currentUser(request), request.query.courierId), status: request.query.status }),
      }),
    );
    app.post(
      '/insurance-claims',
      {
        preHandler: customerOrPermission('packages_edit'),
        schema: { tags, querystring: courierQuerySchema, body: claimCreateSchema, response: { 201: claimSchema, ...errors } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        return reply.status(201).send(await openClaim(ctx.db, user, whoOf(user, request.query.courierId), request.body));
      },
    );
    app.put(
      '/insurance-claims/:id/decision',
      {
        preHandler: requirePermission('packages_edit'),
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          body: claimDecisionSchema,
          response: { 200: claimSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return decideClaim(ctx.db, ctx.mailer, user, courierScope(user, request.query.courierId), request.params.id, request.body);
      },
    );
    // Photos of the damage on an open claim: the customer's (or staff's), re-encoded like package photos.
    app.post(
      '/insurance-claims/:id/photos',
      {
        preHandler: customerOrPermission('packages_edit'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          querystring: courierQuerySchema,
          response: {
            201: z.object({ id: z.number(), width: z.number(), height: z.number() }),
            413: errorResponseSchema,
            415: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const who = whoOf(user, request.query.courierId);
        // Another courier's (or customer's) claim answers 404 before the file is read.
        await claimPhotoTarget(ctx.db, who, request.params.id);
        const upload = await readUpload(request, PHOTO_UPLOAD);
        return reply.status(201).send(await addClaimPhoto(ctx.db, storage, user, who, request.params.id, upload.data));
      },
    );
    app.get(
      '/insurance-claims/:id/photos/:photoId',
      {
        preHandler: customerOrPermission('packages_view'),
        schema: { tags, params: photoParamsSchema, querystring: photoSizeQuerySchema.extend(courierQuerySchema.shape) },
      },
      async (request, reply) => {
        const data = await claimPhotoFile(
          ctx.db,
          storage,
          whoOf(currentUser(request), request.query.courierId),
          request.params,
          request.query.size,
        );
        return reply
          .type('image/jpeg')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cache-Control', 'private, max-age=3600')
          .header('Content-Disposition', 'inline')
          .send(data);
      },
    );
  };
}
