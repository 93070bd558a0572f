import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamSchema, listQuerySchema, pageSchema } from '@courier/shared/schemas/common';
import {
  assignPackageSchema,
  bulkStatusResultSchema,
  bulkStatusSchema,
  changeStatusSchema,
  customerLookupSchema,
  customerSearchQuerySchema,
  labelFormatQuerySchema,
  labelIdsQuerySchema,
  packageDetailSchema,
  packageListItemSchema,
  packageListQuerySchema,
  packageSchema,
  receivePackageSchema,
  releaseHoldSchema,
  scanLookupQuerySchema,
  scanLookupSchema,
  uncollectedPackageSchema,
  unknownScanQuerySchema,
  updatePackageSchema,
  voidPackageSchema,
  packageContentsSchema,
} from '@courier/shared/schemas/packages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { fastOkSerializer } from '../../lib/fast-serializer';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { labelsPdf, labelsZpl } from './labels.service';
import { findUnknownByScan } from './unknown-scan.service';
import { giveContents } from './package-contents.service';
import { getOwnPackage, getPackage, listPackageTable, listOwnPackages, listPackages, withStatus } from './package-queries.service';
import { deletePackage, receivePackage } from './package-receiving.service';
import { bulkChangeStatus, changeStatus } from './package-status-change.service';
import { lookupTracking, searchCustomers } from './scan-lookup.service';
import { listUncollected } from './uncollected.service';
import { assignUnknown } from './unknown-assignment.service';
import { correctPackage, voidPackage } from './package-corrections.service';
import { registerWalkIn } from './walk-in.service';
import { walkInCustomerSchema } from '@courier/shared/schemas/auth';
import { heldPackage, packageInvoiceFile, releaseHold, uploadPackageInvoice } from './package-holds.service';
import { Storage } from '../../lib/storage';
import { readUpload, INVOICE_UPLOAD, sendPrivateFile } from '../../lib/uploads';
import { listScope } from '../../lib/courier-scope';
import { flagHazardSchema } from '@courier/shared/schemas/warehouse';
import { flagHazard } from './package-hazards.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['packages'];

/** Staff and super admin package screens, and the customer's own packages. */
export function packagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  const storage = new Storage(ctx.config);
  const documents = { db: ctx.db, storage };
  return async (app) => {
    app.get(
      '/packages',
      {
        preHandler: requirePermission('packages_view'),
        schema: { tags, querystring: packageListQuerySchema, response: { 200: pageSchema(packageListItemSchema), ...errors } },
        // The page sends the table's fields; the CSV export every field of a package.
        config: { exportItem: packageSchema },
        serializerCompiler: fastOkSerializer,
      },
      async (request) => {
        const user = currentUser(request);
        return listPackageTable(ctx.db, request.query, listScope(user, request.query.courierId));
      },
    );

    app.get(
      '/packages/scan',
      {
        preHandler: requirePermission('packages_scan'),
        schema: { tags, querystring: scanLookupQuerySchema, response: { 200: scanLookupSchema, ...errors } },
      },
      async (request) => lookupTracking(ctx.db, currentUser(request), request.query.trackingNumber),
    );

    app.get(
      '/packages/customers',
      {
        preHandler: requirePermission('packages_scan', 'packages_unknown'),
        schema: { tags, querystring: customerSearchQuerySchema, response: { 200: z.array(customerLookupSchema), ...errors } },
      },
      async (request) => searchCustomers(ctx.db, currentUser(request), request.query.q),
    );

    app.post(
      '/packages/customers',
      {
        preHandler: requirePermission('customers_create'),
        schema: { tags, body: walkInCustomerSchema, response: { 201: customerLookupSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await registerWalkIn(ctx, currentUser(request), request.body)),
    );

    app.post(
      '/packages',
      {
        preHandler: requirePermission('packages_scan', 'packages_create'),
        schema: { tags, body: receivePackageSchema, response: { 201: packageDetailSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await receivePackage(s, currentUser(request), request.body)),
    );

    app.get(
      '/packages/unknown',
      {
        preHandler: requirePermission('packages_unknown'),
        schema: { tags, querystring: packageListQuerySchema, response: { 200: pageSchema(packageSchema), ...errors } },
      },
      async (request) => {
        const scope = listScope(currentUser(request), request.query.courierId);
        return listPackages(ctx.db, request.query, scope, [withStatus('unknown')]);
      },
    );

    app.get(
      '/packages/unknown/scan',
      {
        preHandler: requirePermission('packages_unknown'),
        schema: { tags, querystring: unknownScanQuerySchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => findUnknownByScan(ctx.db, currentUser(request), request.query.code),
    );

    app.get(
      '/packages/uncollected',
      {
        preHandler: requirePermission('packages_uncollected'),
        schema: { tags, querystring: packageListQuerySchema, response: { 200: pageSchema(uncollectedPackageSchema), ...errors } },
      },
      async (request) => listUncollected(ctx.db, request.query, listScope(currentUser(request), request.query.courierId)),
    );

    app.post(
      '/packages/bulk-status',
      {
        preHandler: requirePermission('packages_edit'),
        schema: { tags, body: bulkStatusSchema, response: { 200: bulkStatusResultSchema, ...errors } },
      },
      async (request) => bulkChangeStatus(s, currentUser(request), request.body),
    );

    app.get(
      '/packages/:id',
      {
        preHandler: requirePermission('packages_view', 'packages_scan'),
        schema: { tags, params: idParamSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => getPackage(ctx.db, currentUser(request), request.params.id),
    );

    app.patch(
      '/packages/:id',
      {
        preHandler: requirePermission('packages_edit'),
        schema: { tags, params: idParamSchema, body: updatePackageSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => correctPackage(s, currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/packages/:id/release',
      {
        preHandler: requirePermission('packages_edit'),
        schema: { tags, params: idParamSchema, body: releaseHoldSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => releaseHold(s, currentUser(request), request.params.id, request.body.note),
    );

    app.post(
      '/packages/:id/invoice',
      {
        preHandler: requirePermission('packages_edit', 'packages_scan'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          response: { 200: packageDetailSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        // Another courier's package answers 404 before its file is even read.
        await heldPackage(s.db, currentUser(request), request.params.id);
        const upload = await readUpload(request, INVOICE_UPLOAD);
        return uploadPackageInvoice(s, storage, currentUser(request), request.params.id, {
          data: upload.data,
          type: upload.type,
          name: `invoice.${upload.type}`,
        });
      },
    );

    // The customer sends the merchant invoice of their own package held for it; anyone else's is 404.
    app.post(
      '/customer/packages/:id/invoice',
      {
        preHandler: requireRole('customer'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          response: { 200: packageDetailSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await heldPackage(s.db, user, request.params.id);
        const upload = await readUpload(request, INVOICE_UPLOAD);
        await uploadPackageInvoice(s, storage, user, request.params.id, {
          data: upload.data,
          type: upload.type,
          name: `invoice.${upload.type}`,
        });
        return getOwnPackage(ctx.db, user, request.params.id);
      },
    );

    app.get(
      '/packages/:id/invoice',
      { preHandler: requirePermission('packages_view', 'packages_scan'), schema: { tags, params: idParamSchema } },
      async (request, reply) => sendPrivateFile(reply, await packageInvoiceFile(ctx.db, storage, currentUser(request), request.params.id)),
    );

    app.post(
      '/packages/:id/hazard',
      {
        preHandler: requirePermission('packages_edit', 'packages_scan'),
        schema: { tags, params: idParamSchema, body: flagHazardSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => flagHazard(s, currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/packages/:id/void',
      {
        preHandler: requirePermission('packages_edit'),
        schema: { tags, params: idParamSchema, body: voidPackageSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => voidPackage(s, currentUser(request), request.params.id, request.body.reason),
    );

    app.delete(
      '/packages/:id',
      { preHandler: requirePermission('packages_delete'), schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deletePackage(ctx.db, currentUser(request), request.params.id, storage);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/packages/:id/status',
      {
        preHandler: requirePermission('packages_edit'),
        schema: { tags, params: idParamSchema, body: changeStatusSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => changeStatus(s, currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/packages/:id/assign',
      {
        preHandler: requirePermission('packages_unknown'),
        schema: { tags, params: idParamSchema, body: assignPackageSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => assignUnknown(s, currentUser(request), request.params.id, { mailbox: request.body.mailbox }),
    );

    // Labels: the 4x6 PDF (one page per package) and ZPL for thermal printers, alone or in bulk.
    const labelAccess = requirePermission('packages_view', 'packages_scan');
    const sendPdf = (reply: FastifyReply, file: { name: string; pdf: Buffer }, download?: string) =>
      reply
        .type('application/pdf')
        .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${file.name}"`)
        .send(file.pdf);
    const sendZpl = (reply: FastifyReply, file: { name: string; zpl: string }, download?: string) => {
      if (download) reply.header('content-disposition', `attachment; filename="${file.name}"`);
      return reply.type('text/plain; charset=utf-8').send(file.zpl);
    };
    app.get(
      '/packages/:id/label',
      { preHandler: labelAccess, schema: { tags, params: idParamSchema, querystring: labelFormatQuerySchema } },
      async (request, reply) =>
        sendPdf(reply, await labelsPdf(documents, currentUser(request), [request.params.id]), request.query.download),
    );
    app.get(
      '/packages/:id/label.zpl',
      { preHandler: labelAccess, schema: { tags, params: idParamSchema, querystring: labelFormatQuerySchema } },
      async (request, reply) =>
        sendZpl(reply, await labelsZpl(documents, currentUser(request), [request.params.id]), request.query.download),
    );
    app.get(
      '/packages/labels.pdf',
      { preHandler: labelAccess, schema: { tags, querystring: labelIdsQuerySchema } },
      async (request, reply) => sendPdf(reply, await labelsPdf(documents, currentUser(request), request.query.ids), request.query.download),
    );
    app.get(
      '/packages/labels.zpl',
      { preHandler: labelAccess, schema: { tags, querystring: labelIdsQuerySchema } },
      async (request, reply) => sendZpl(reply, await labelsZpl(documents, currentUser(request), request.query.ids), request.query.download),
    );

    // The customer's own packages and timelines; nobody else's.
    app.get(
      '/customer/packages',
      {
        preHandler: requireRole('customer'),
        schema: { tags, querystring: listQuerySchema, response: { 200: pageSchema(packageSchema), ...errors } },
        // Written field by field: a zod parse of every package cost more than the query.
        serializerCompiler: fastOkSerializer,
      },
      async (request) => {
        const user = currentUser(request);
        if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
        return listOwnPackages(ctx.db, request.query, user.courierId, user.id);
      },
    );

    app.get(
      '/customer/packages/:id',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: packageDetailSchema, ...errors } } },
      async (request) => getOwnPackage(ctx.db, currentUser(request), request.params.id),
    );

    // The customer completes a parcel with no pre-alert: merchant, contents and value, before it is billed or shipped.
    app.put(
      '/customer/packages/:id/contents',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, body: packageContentsSchema, response: { 200: packageDetailSchema, ...errors } },
      },
      async (request) => giveContents(ctx.db, currentUser(request), request.params.id, request.body),
    );
  };
}
