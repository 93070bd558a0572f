import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffLoginResponseSchema } from '@courier/shared/schemas/auth';
import { errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import {
  courierInvitationAcceptSchema,
  courierInvitationInputSchema,
  courierInvitationSchema,
  courierInvitationViewSchema,
  invitationTokenParamSchema,
} from '@courier/shared/schemas/courier-invitations';
import type { AppContext } from '../../context';
import { currentUser, requireRole } from '../../plugins/auth';
import { perIpLimit } from '../../plugins/rate-limits';
import { acceptInvitation, inviteCourier, listInvitations, revokeInvitation, viewInvitation } from './courier-invitations.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Courier invitations: the super admin invites, lists and revokes under /platform; the
 * invitee reads and accepts the link without an account (public, limited per IP like sign-in).
 */
export function courierInvitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['platform'];
    const superAdmin = requireRole('super_admin');
    app.post(
      '/platform/courier-invitations',
      {
        onRequest: superAdmin,
        schema: {
          tags,
          summary: 'Invites a courier by e-mail (a single-use link valid 7 days)',
          body: courierInvitationInputSchema,
          response: { 201: courierInvitationSchema, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send(await inviteCourier(ctx, currentUser(req), req.body.email)),
    );
    app.get(
      '/platform/courier-invitations',
      { onRequest: superAdmin, schema: { tags, response: { 200: z.array(courierInvitationSchema), ...errors } } },
      async () => listInvitations(ctx.db),
    );
    app.delete(
      '/platform/courier-invitations/:id',
      { onRequest: superAdmin, schema: { tags, params: idParamSchema, response: { 200: courierInvitationSchema, ...errors } } },
      async (req) => revokeInvitation(ctx.db, currentUser(req), req.params.id),
    );

    app.get(
      '/courier-invitations/:token',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags,
          summary: 'The invitation behind a link (410 when expired, used or revoked)',
          params: invitationTokenParamSchema,
          response: { 200: courierInvitationViewSchema, ...errors },
        },
      },
      async (req) => viewInvitation(ctx.db, req.params.token),
    );
    app.post(
      '/courier-invitations/:token/accept',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags,
          summary: 'Sets the courier up from the link and signs its first courier admin in',
          params: invitationTokenParamSchema,
          body: courierInvitationAcceptSchema,
          response: { 200: staffLoginResponseSchema, ...errors },
        },
      },
      async (req) => acceptInvitation(ctx, req.params.token, req.body),
    );
  };
}
