import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@courier/shared/messages';
import {
  AUTH_API_MESSAGES,
  changePasswordSchema,
  customerLoginResponseSchema,
  customerLoginSchema,
  customerProfileSchema,
  customerProfileUpdateSchema,
  customerRegisterSchema,
  framePermissionQuerySchema,
  framePermissionResponseSchema,
  handoffIssueResponseSchema,
  handoffRedeemResponseSchema,
  handoffRedeemSchema,
  messageResponseSchema,
} from '@courier/shared/schemas/auth';
import { customerSignInResponseSchema } from '@courier/shared/schemas/two-factor';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import { emailPreferencesSchema } from '@courier/shared/schemas/notifications';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { domainCourierOfRequest } from '../../lib/courier-links';
import { currentUser, requireRole } from '../../plugins/auth';
import type { FastifyRequest } from 'fastify';
import { emailPreferences, saveEmailPreferences } from '../notifications/index';
import { customerProfile, loginCustomer } from './auth.service';
import { changeCustomerPassword, updateCustomerProfile } from './customer-account.service';
import { framePermission, issueHandoffCode, redeemHandoffCode } from './handoff.service';
import { throttledSignIn } from './login-throttle';
import { perIpLimit, registrationProbeLimit } from '../../plugins/rate-limits';
import { registerCustomer } from './registration.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

function customerCaller(request: FastifyRequest) {
  const user = currentUser(request);
  if (user.kind !== 'customer' || user.courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
  return { id: user.id, courierId: user.courierId, jti: user.jti };
}

/** Refuses staff-side callers before the body is validated (customerCaller still narrows the type). */
const customerOnly = requireRole('customer');

/** The customer's own account: sign-in, self-registration, profile and password. */
export function customersAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const probes = registrationProbeLimit(app, ctx.config);
    app.post(
      '/customers/login',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['customers'],
          summary: 'Customer sign-in (the api key picks the courier)',
          body: customerLoginSchema,
          response: { 200: customerSignInResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        throttledSignIn(ctx, request, reply, request.body.email, async () =>
          loginCustomer(ctx, request.body, await domainCourierOfRequest(ctx.db, request)),
        ),
    );

    app.post(
      '/customers/register',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['customers'],
          summary: 'Customer self-registration; signs the new customer in',
          body: customerRegisterSchema,
          response: { 201: customerLoginResponseSchema, ...errors },
        },
        preHandler: probes.refuseProber,
      },
      async (request, reply) => {
        try {
          return reply.status(201).send(await registerCustomer(ctx, request.body));
        } catch (error) {
          // The owner of a taken e-mail is mailed; a prober gets that answer only a few times.
          if (error instanceof AppError && error.message === AUTH_API_MESSAGES.registrationCheckEmail) await probes.countProbe(request);
          throw error;
        }
      },
    );

    app.post(
      '/customers/handoff',
      {
        preHandler: customerOnly,
        schema: {
          tags: ['customers'],
          summary: 'A one-minute, single-use code that opens this session in a tab of its own (a framed portal without storage)',
          response: { 200: handoffIssueResponseSchema, ...errors },
        },
      },
      async (request) => issueHandoffCode(ctx, currentUser(request)),
    );

    app.post(
      '/customers/handoff/redeem',
      {
        config: { public: true, rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags: ['customers'],
          summary: 'Exchanges a hand-off code (once) for a session of the same customer',
          body: handoffRedeemSchema,
          response: { 200: handoffRedeemResponseSchema, ...errors },
        },
      },
      async (request) => redeemHandoffCode(ctx, request.body.code),
    );

    app.get(
      '/customers/frame-permission',
      {
        preHandler: customerOnly,
        schema: {
          tags: ['customers'],
          summary: "Whether the customer's own courier allows these origins (comma-separated) to frame the portal",
          querystring: framePermissionQuerySchema,
          response: { 200: framePermissionResponseSchema, ...errors },
        },
      },
      async (request) => framePermission(ctx, currentUser(request), request.query.origins, request.query.api_key),
    );

    app.get(
      '/customers/profile',
      {
        preHandler: customerOnly,
        schema: { tags: ['customers'], summary: "The signed-in customer's profile", response: { 200: customerProfileSchema, ...errors } },
      },
      async (request) => customerProfile(ctx.db, customerCaller(request).id),
    );

    app.put(
      '/customers/profile',
      {
        preHandler: customerOnly,
        schema: {
          tags: ['customers'],
          summary: 'Updates the signed-in customer’s details, address and pickup branch',
          body: customerProfileUpdateSchema,
          response: { 200: customerProfileSchema, ...errors },
        },
      },
      async (request) => updateCustomerProfile(ctx, customerCaller(request), request.body),
    );

    app.get(
      '/customers/profile/notification-preferences',
      {
        preHandler: customerOnly,
        schema: {
          tags: ['customers'],
          summary: 'Which optional e-mails the signed-in customer gets',
          response: { 200: emailPreferencesSchema, ...errors },
        },
      },
      async (request) => emailPreferences(ctx.db, customerCaller(request).id),
    );

    app.put(
      '/customers/profile/notification-preferences',
      {
        preHandler: customerOnly,
        schema: {
          tags: ['customers'],
          summary: 'Switches the optional e-mails on or off (welcome and password mail always go)',
          body: emailPreferencesSchema,
          response: { 200: emailPreferencesSchema, ...errors },
        },
      },
      async (request) => saveEmailPreferences(ctx.db, customerCaller(request).id, request.body),
    );

    app.put(
      '/customers/change-password',
      {
        config: { rateLimit: perIpLimit(ctx.config) },
        preHandler: customerOnly,
        schema: {
          tags: ['customers'],
          summary: "Changes the signed-in customer's password",
          body: changePasswordSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await changeCustomerPassword(ctx, customerCaller(request), request.body);
        return { message: 'Password updated successfully!' };
      },
    );
  };
}
