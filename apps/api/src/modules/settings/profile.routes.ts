import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema, successSchema } from '@courier/shared/schemas/common';
import {
  SETTINGS_MESSAGES,
  changePasswordSchema,
  profileSchema,
  updateProfileSchema,
  userPasswordSchema,
} from '@courier/shared/schemas/settings';
import type { AppContext } from '../../context';
import { STAFF_SIDE_ROLES } from '@courier/shared/constants/roles';
import { currentUser, requireRole } from '../../plugins/auth';
import { changeOwnPassword, updateOwnProfile } from './profile.service';

/** Customers have their own profile routes: refuse them before the body is validated. */
const staffSide = requireRole(...STAFF_SIDE_ROLES);

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * The signed-in staff-side person's own account: the admin Password tab and the staff
 * profile page. No permission beyond being signed in: it is one's own account.
 */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.put(
      '/users/change-password',
      { preHandler: staffSide, schema: { tags, body: changePasswordSchema, response: { 200: successSchema, ...errors } } },
      async (request) => {
        await changeOwnPassword({
          db: ctx.db,
          actor: currentUser(request),
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
        });
        return { success: true, message: SETTINGS_MESSAGES.passwordSaved };
      },
    );
    app.put(
      '/users/:id',
      {
        preHandler: staffSide,
        schema: { tags, params: idParamSchema, body: updateProfileSchema, response: { 200: profileSchema, ...errors } },
      },
      async (request) => updateOwnProfile({ db: ctx.db, actor: currentUser(request), id: request.params.id, input: request.body }),
    );
    app.put(
      '/users/:id/password',
      {
        preHandler: staffSide,
        schema: { tags, params: idParamSchema, body: userPasswordSchema, response: { 200: successSchema, ...errors } },
      },
      async (request) => {
        await changeOwnPassword({
          db: ctx.db,
          actor: currentUser(request),
          id: request.params.id,
          currentPassword: request.body.currentPassword,
          newPassword: request.body.newPassword,
        });
        return { success: true, message: SETTINGS_MESSAGES.passwordSaved };
      },
    );
  };
}
