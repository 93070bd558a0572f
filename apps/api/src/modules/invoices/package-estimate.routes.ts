import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courierQuerySchema, errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import { packageEstimateSchema } from '@courier/shared/schemas/package-estimate';
import type { AppContext } from '../../context';
import { courierScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { estimatePackage } from './package-estimate.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['invoices'];

/** A parcel's billable weight and estimated charges before it is invoiced: the customer's own, and staff's. */
export function packageEstimateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/customer/packages/:id/estimate',
      { preHandler: requireRole('customer'), schema: { tags, params: idParamSchema, response: { 200: packageEstimateSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        if (user.courierId === null) throw new AppError('forbidden', 'You do not have permission to perform this action');
        return estimatePackage(ctx.db, { courierId: user.courierId, customerId: user.id, packageId: request.params.id });
      },
    );

    app.get(
      '/packages/:id/estimate',
      {
        preHandler: requirePermission('packages_view', 'packages_scan'),
        schema: { tags, params: idParamSchema, querystring: courierQuerySchema, response: { 200: packageEstimateSchema, ...errors } },
      },
      async (request) =>
        estimatePackage(ctx.db, {
          courierId: courierScope(currentUser(request), request.query.courierId),
          customerId: null,
          packageId: request.params.id,
        }),
    );
  };
}
