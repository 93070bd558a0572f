import { and, eq } from 'drizzle-orm';
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
  packageDetailSchema,
  packageListQuerySchema,
  packageSchema,
  receivePackageSchema,
  scanLookupQuerySchema,
  scanLookupSchema,
  uncollectedPackageSchema,
  updatePackageSchema,
} from '@courier/shared/schemas/packages';
import type { AppContext } from '../../app';
import { couriers } from '../../db/schema/couriers';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { packageLabelPdf } from './package-label';
import {
  assignUnknown,
  bulkChangeStatus,
  changeStatus,
  courierCondition,
  deletePackage,
  getOwnPackage,
  getPackage,
  listPackages,
  listScope,
  listUncollected,
  lookupTracking,
  receivePackage,
  searchCustomers,
  updatePackage,
} from './packages.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['packages'];

/** Staff and super admin package screens, and the customer's own packages. */
export function packagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const s = { db: ctx.db, mailer: ctx.mailer };
  return async (app) => {
    app.get(
      '/packages',
      {
        preHandler: requirePermission('packages_view'),
        schema: { tags, querystring: packageListQuerySchema, response: { 200: pageSchema(packageSchema), ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        return listPackages(ctx.db, request.query, [courierCondition(listScope(user, request.query.courierId))]);
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
        return listPackages(ctx.db, request.query, [courierCondition(scope), eq(packages.status, 'unknown')]);
      },
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
      async (request) => updatePackage(ctx.db, currentUser(request), request.params.id, request.body),
    );

    app.delete(
      '/packages/:id',
      { preHandler: requirePermission('packages_delete'), schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deletePackage(ctx.db, currentUser(request), request.params.id);
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

    app.get(
      '/packages/:id/label',
      { preHandler: requirePermission('packages_view', 'packages_scan'), schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        const pkg = await getPackage(ctx.db, currentUser(request), request.params.id);
        const [courier] = await ctx.db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, pkg.courierId));
        const pdf = await packageLabelPdf(pkg, courier?.name ?? '');
        return reply.type('application/pdf').header('content-disposition', `inline; filename="label-${pkg.packageNumber}.pdf"`).send(pdf);
      },
    );

    // The customer's own packages and timelines; nobody else's.
    app.get(
      '/customer/packages',
      {
        preHandler: requireRole('customer'),
        schema: { tags, querystring: listQuerySchema, response: { 200: pageSchema(packageSchema), ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
        return listPackages(ctx.db, request.query, [and(eq(packages.courierId, user.courierId), eq(packages.customerId, user.id))]);
      },
    );

    app.get(
      '/customer/packages/:id',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: packageDetailSchema, ...errors } } },
      async (request) => getOwnPackage(ctx.db, currentUser(request), request.params.id),
    );
  };
}
