import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courierListQuerySchema,
  courierQuerySchema,
  errorResponseSchema,
  idParamSchema,
  pageSchema,
  successSchema,
} from '@courier/shared/schemas/common';
import { roleInputSchema, roleOptionSchema, roleSchema } from '@courier/shared/schemas/roles';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { createRole, deleteRole, getRole, listRoles, roleOptions, updateRole } from './roles.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Roles: named permission sets of one courier (roles_*). */
export function roleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['roles'];
    app.get(
      '/roles',
      {
        onRequest: requirePermission('roles_view'),
        schema: {
          tags,
          querystring: courierListQuerySchema,
          response: { 200: pageSchema(roleSchema), ...errors },
        },
      },
      async (req) => listRoles(ctx.db, currentUser(req), req.query),
    );
    app.get(
      '/roles/options',
      {
        onRequest: requirePermission('roles_view', 'staff_create', 'staff_edit'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(roleOptionSchema), ...errors } },
      },
      async (req) => roleOptions(ctx.db, currentUser(req), req.query.courierId),
    );
    app.get(
      '/roles/:id',
      { onRequest: requirePermission('roles_view'), schema: { tags, params: idParamSchema, response: { 200: roleSchema, ...errors } } },
      async (req) => getRole(ctx.db, currentUser(req), req.params.id),
    );
    app.post(
      '/roles',
      {
        onRequest: requirePermission('roles_create'),
        schema: { tags, body: roleInputSchema, response: { 201: roleSchema, 409: errorResponseSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await createRole(ctx.db, currentUser(req), req.body)),
    );
    app.put(
      '/roles/:id',
      {
        onRequest: requirePermission('roles_edit'),
        schema: { tags, params: idParamSchema, body: roleInputSchema, response: { 200: roleSchema, 409: errorResponseSchema, ...errors } },
      },
      async (req) => updateRole(ctx.db, currentUser(req), req.params.id, req.body),
    );
    app.delete(
      '/roles/:id',
      {
        onRequest: requirePermission('roles_delete'),
        schema: { tags, params: idParamSchema, response: { 200: successSchema, 409: errorResponseSchema, ...errors } },
      },
      async (req) => {
        await deleteRole(ctx.db, currentUser(req), req.params.id);
        return { success: true };
      },
    );
  };
}
