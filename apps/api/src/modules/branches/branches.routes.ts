import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { branchInputSchema, branchOptionSchema, branchSchema } from '@courier/shared/schemas/branches';
import {
  courierListQuerySchema,
  courierQuerySchema,
  errorResponseSchema,
  idParamSchema,
  pageSchema,
  successSchema,
} from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { branchOptions, createBranch, deleteBranch, getBranch, listBranches, updateBranch } from './branches.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Branches of a courier (courier admin, staff with branches_*; the super admin across couriers). */
export function branchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['branches'];
    app.get(
      '/branches',
      {
        onRequest: requirePermission('branches_view'),
        schema: {
          tags,
          querystring: courierListQuerySchema,
          response: { 200: pageSchema(branchSchema), ...errors },
        },
      },
      async (req) => listBranches(ctx.db, currentUser(req), req.query),
    );
    // Pickers on the staff and customer forms need the branch names without branches_view.
    app.get(
      '/branches/options',
      {
        // Also for whoever takes money without a branch of their own (they choose the till), and
        // whoever sends parcels between branches (they choose both ends of a transfer).
        onRequest: requirePermission(
          'branches_view',
          'packages_scan',
          'staff_create',
          'staff_edit',
          'customers_edit',
          'customers_create',
          'payments_create',
          'delivery_requests_edit',
        ),
        schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(branchOptionSchema), ...errors } },
      },
      async (req) => branchOptions(ctx.db, currentUser(req), req.query.courierId),
    );
    app.get(
      '/branches/:id',
      {
        onRequest: requirePermission('branches_view'),
        schema: { tags, params: idParamSchema, response: { 200: branchSchema, ...errors } },
      },
      async (req) => getBranch(ctx.db, currentUser(req), req.params.id),
    );
    app.post(
      '/branches',
      {
        onRequest: requirePermission('branches_create'),
        schema: { tags, body: branchInputSchema, response: { 201: branchSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await createBranch(ctx.db, currentUser(req), req.body)),
    );
    app.put(
      '/branches/:id',
      {
        onRequest: requirePermission('branches_edit'),
        schema: { tags, params: idParamSchema, body: branchInputSchema, response: { 200: branchSchema, ...errors } },
      },
      async (req) => updateBranch(ctx.db, currentUser(req), req.params.id, req.body),
    );
    app.delete(
      '/branches/:id',
      {
        onRequest: requirePermission('branches_delete'),
        schema: { tags, params: idParamSchema, response: { 200: successSchema, 409: errorResponseSchema, ...errors } },
      },
      async (req) => {
        await deleteBranch(ctx.db, currentUser(req), req.params.id);
        return { success: true };
      },
    );
  };
}
