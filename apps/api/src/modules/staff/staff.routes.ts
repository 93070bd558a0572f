import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courierListQuerySchema, errorResponseSchema, idParamSchema, pageSchema, successSchema } from '@courier/shared/schemas/common';
import {
  STAFF_MESSAGES,
  staffCreateSchema,
  staffMemberSchema,
  staffPasswordResetSchema,
  staffStatusSchema,
  staffUpdateSchema,
} from '@courier/shared/schemas/staff';
import type { AppContext } from '../../context';
import { currentUser, requirePermission } from '../../plugins/auth';
import { createStaff, getStaff, listStaff, resetStaffPassword, setStaffActive, updateStaff } from './staff.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Staff-side accounts of a courier: courier admins, branch managers and staff (staff_*). */
export function staffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['staff'];
    app.get(
      '/staff',
      {
        onRequest: requirePermission('staff_view'),
        schema: {
          tags,
          querystring: courierListQuerySchema,
          response: { 200: pageSchema(staffMemberSchema), ...errors },
        },
      },
      async (req) => listStaff(ctx.db, currentUser(req), req.query),
    );
    app.get(
      '/staff/:id',
      {
        onRequest: requirePermission('staff_view'),
        schema: { tags, params: idParamSchema, response: { 200: staffMemberSchema, ...errors } },
      },
      async (req) => getStaff(ctx.db, currentUser(req), req.params.id),
    );
    app.post(
      '/staff',
      {
        onRequest: requirePermission('staff_create'),
        schema: { tags, body: staffCreateSchema, response: { 201: staffMemberSchema, 409: errorResponseSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await createStaff(ctx.db, currentUser(req), req.body)),
    );
    app.put(
      '/staff/:id',
      {
        onRequest: requirePermission('staff_edit'),
        schema: {
          tags,
          params: idParamSchema,
          body: staffUpdateSchema,
          response: { 200: staffMemberSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (req) => updateStaff(ctx.db, currentUser(req), req.params.id, req.body),
    );
    app.patch(
      '/staff/:id/status',
      {
        onRequest: requirePermission('staff_edit'),
        schema: { tags, params: idParamSchema, body: staffStatusSchema, response: { 200: staffMemberSchema, ...errors } },
      },
      async (req) => setStaffActive(ctx.db, currentUser(req), req.params.id, req.body.active),
    );
    app.post(
      '/staff/:id/reset-password',
      {
        onRequest: requirePermission('staff_edit'),
        schema: { tags, params: idParamSchema, body: staffPasswordResetSchema, response: { 200: successSchema, ...errors } },
      },
      async (req) => {
        await resetStaffPassword(ctx.db, currentUser(req), req.params.id, req.body.password);
        return { success: true, message: STAFF_MESSAGES.passwordReset };
      },
    );
  };
}
