import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVOICE_MAX_BYTES } from '@courier/shared/constants/packages';
import { errorResponseSchema, idParamSchema, listQuerySchema, pageSchema } from '@courier/shared/schemas/common';
import { PACKAGE_MESSAGES, claimFieldsSchema, claimSchema, packageListQuerySchema } from '@courier/shared/schemas/packages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { claimProof, claimsOf, createClaim, decideClaim, listClaims } from './unknown-claims.service';
import { listScope } from '../../lib/courier-scope';
import { sendPrivateFile } from '../../lib/uploads';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['unknown-packages'];

/** Customers claim unknown packages with a proof of purchase; staff approve or reject. */
export function unknownClaimsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = new Storage(ctx.config);
  const s = { db: ctx.db, mailer: ctx.mailer };
  return async (app) => {
    app.post(
      '/customer/unknown-claims',
      {
        preHandler: requireRole('customer'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: claimSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const upload = await readUpload(request, {
          field: 'proof',
          maxBytes: INVOICE_MAX_BYTES,
          allowed: ['pdf', 'jpg', 'png'],
          messages: {
            missing: PACKAGE_MESSAGES.proofMissing,
            tooLarge: PACKAGE_MESSAGES.invoiceTooLarge,
            wrongType: PACKAGE_MESSAGES.invoiceWrongType,
          },
        });
        const fields = claimFieldsSchema.safeParse(upload.fields);
        if (!fields.success) {
          const issue = fields.error.issues[0];
          throw new AppError('bad_request', issue?.message ?? PACKAGE_MESSAGES.trackingRequired);
        }
        return reply.status(201).send(await createClaim(ctx.db, storage, user, fields.data, upload));
      },
    );

    app.get(
      '/customer/unknown-claims',
      {
        preHandler: requireRole('customer'),
        schema: { tags, querystring: listQuerySchema, response: { 200: pageSchema(claimSchema), ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        return listClaims(ctx.db, request.query, claimsOf(user.courierId ?? -1, user.id));
      },
    );

    app.get(
      '/unknown-claims',
      {
        preHandler: requirePermission('packages_unknown'),
        schema: { tags, querystring: packageListQuerySchema, response: { 200: pageSchema(claimSchema), ...errors } },
      },
      async (request) => {
        const scope = listScope(currentUser(request), request.query.courierId);
        return listClaims(ctx.db, request.query, claimsOf(scope));
      },
    );

    app.post(
      '/unknown-claims/:id/approve',
      {
        preHandler: requirePermission('packages_unknown'),
        schema: { tags, params: idParamSchema, response: { 200: claimSchema, ...errors } },
      },
      async (request) => decideClaim(s, currentUser(request), request.params.id, true),
    );

    app.post(
      '/unknown-claims/:id/reject',
      {
        preHandler: requirePermission('packages_unknown'),
        schema: { tags, params: idParamSchema, response: { 200: claimSchema, ...errors } },
      },
      async (request) => decideClaim(s, currentUser(request), request.params.id, false),
    );

    app.get(
      '/unknown-claims/:id/proof',
      { preHandler: requirePermission('packages_unknown'), schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        return sendPrivateFile(reply, await claimProof(ctx.db, storage, currentUser(request), request.params.id));
      },
    );
  };
}
