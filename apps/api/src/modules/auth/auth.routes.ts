import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES } from '@courier/shared/messages';
import {
  AUTH_API_MESSAGES,
  impersonationExchangeSchema,
  impersonationIssueResponseSchema,
  loginSchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  resetPasswordSchema,
  staffLoginResponseSchema,
  staffProfileSchema,
  staffRegisterSchema,
} from '@courier/shared/schemas/auth';
import { staffSignInResponseSchema } from '@courier/shared/schemas/two-factor';
import { errorResponseSchema, queryIdSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { revokeToken } from '../../lib/tokens';
import { currentUser, requireRole } from '../../plugins/auth';
import { type Portal, loginStaff, staffProfile } from './auth.service';
import { exchangeImpersonationToken, issueImpersonationToken } from './impersonation.service';
import { requestPasswordReset, resetLinkUsable, resetPassword, settlePasswordResets } from './password-reset.service';
import { throttledSignIn } from './login-throttle';
import { perEmailLimit, perIpLimit } from '../../plugins/rate-limits';
import { registerStaffSide } from './registration.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** Staff-side sign-in, profile, logout, registrations, password reset and impersonation. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Reset links queued after their answer are written before the database closes.
    app.addHook('onClose', async () => settlePasswordResets());
    const logins: Array<{ url: string; portal: Portal; summary: string }> = [
      { url: '/auth/login', portal: 'admin', summary: 'Courier admin sign-in' },
      { url: '/auth/staff/login', portal: 'staff', summary: 'Branch manager and staff sign-in' },
      { url: '/auth/super-admin/login', portal: 'super_admin', summary: 'Super admin sign-in' },
    ];
    for (const login of logins) {
      app.post(
        login.url,
        {
          config: { public: true, rateLimit: perIpLimit(ctx.config) },
          schema: { tags: ['auth'], summary: login.summary, body: loginSchema, response: { 200: staffSignInResponseSchema, ...errors } },
        },
        async (request, reply) =>
          throttledSignIn(ctx, request, reply, request.body.email, () => loginStaff(ctx, request.body, login.portal)),
      );
    }

    app.get(
      '/auth/profile',
      { schema: { tags: ['auth'], summary: 'The signed-in staff-side profile', response: { 200: staffProfileSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        if (user.kind !== 'user') throw new AppError('forbidden', API_MESSAGES.forbidden);
        return staffProfile(ctx.db, user.id, user.impersonatorId !== undefined);
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'Revokes the current token', response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        await revokeToken(ctx.db, user.jti, user.exp);
        return { message: AUTH_API_MESSAGES.loggedOut };
      },
    );

    const registrations = [
      { url: '/auth/register', kind: 'general' as const, summary: 'Creates a general admin (role admin) of a courier' },
      { url: '/auth/staff/register', kind: 'staff' as const, summary: 'Creates a branch manager or staff member of a courier' },
    ];
    for (const registration of registrations) {
      app.post(
        registration.url,
        {
          preHandler: requireRole('super_admin', 'courier_admin'),
          schema: {
            tags: ['auth'],
            summary: registration.summary,
            body: staffRegisterSchema,
            response: { 201: staffLoginResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const result = await registerStaffSide(ctx, currentUser(request), request.body, registration.kind);
          return reply.status(201).send(result);
        },
      );
    }

    app.post(
      '/auth/request-password-reset',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        preHandler: perEmailLimit(app, ctx.config, 'reset'),
        schema: {
          tags: ['auth'],
          summary: 'E-mails a reset link; answers the same whether or not the e-mail exists',
          body: passwordResetRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        requestPasswordReset(ctx, request.body, (err) => request.log.error({ err }, 'password reset: the link could not be queued'));
        return { message: AUTH_API_MESSAGES.resetRequested };
      },
    );

    app.post(
      '/auth/reset-password/check',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['auth'],
          summary: 'Whether a reset link can still be used (the page shows the form, or asks for a new link)',
          body: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: z.object({ usable: z.boolean() }), ...errors },
        },
      },
      async (request) => ({ usable: await resetLinkUsable(ctx, request.body.token) }),
    );

    app.post(
      '/auth/reset-password',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['auth'],
          summary: 'Sets a new password from a reset link',
          body: resetPasswordSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await resetPassword(ctx, request.body);
        return { message: AUTH_API_MESSAGES.resetDone };
      },
    );

    app.post(
      '/auth/impersonate/:userId',
      {
        preHandler: requireRole('super_admin'),
        schema: {
          tags: ['auth'],
          summary: "Issues a 5-minute, single-use token that opens a courier admin's portal",
          params: z.object({ userId: queryIdSchema }),
          response: { 200: impersonationIssueResponseSchema, ...errors },
        },
      },
      async (request) => issueImpersonationToken(ctx, currentUser(request), request.params.userId),
    );

    app.post(
      '/auth/impersonation/exchange',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['auth'],
          summary: 'Exchanges an impersonation token (once) for a courier admin session',
          body: impersonationExchangeSchema,
          response: { 200: staffLoginResponseSchema, ...errors },
        },
      },
      async (request) => exchangeImpersonationToken(ctx, request.body.token),
    );
  };
}
