import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@courier/shared/messages';
import { messageResponseSchema } from '@courier/shared/schemas/auth';
import { errorResponseSchema } from '@courier/shared/schemas/common';
import {
  TWO_FACTOR_MESSAGES,
  customerTwoFactorSessionSchema,
  recoveryCodesResponseSchema,
  staffTwoFactorSessionSchema,
  twoFactorChallengeSetupSchema,
  twoFactorCodeSchema,
  twoFactorPasswordSchema,
  twoFactorPolicySchema,
  twoFactorResetSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  twoFactorVerifySchema,
} from '@courier/shared/schemas/two-factor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { currentUser, requireRole } from '../../plugins/auth';
import type { AccountKind } from '../../lib/tokens';
import { customerSession, staffSession } from './auth.service';
import { throttledSignIn } from './login-throttle';
import { perIpLimit } from '../../plugins/rate-limits';
import {
  challengeAccount,
  checkSecondStep,
  confirmSetup,
  disableOwn,
  getTwoFactorPolicy,
  ownAccount,
  resetTwoFactor,
  saveTwoFactorPolicy,
  spendChallenge,
  startSetup,
  type TwoFactorAccount,
  twoFactorStatus,
} from './two-factor.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['auth'];
/** The second step's wrong codes are counted on a counter of their own, like wrong passwords (docs/decisions/009). */
const SECOND_STEP = { scope: 'two-factor', failureMessage: TWO_FACTOR_MESSAGES.invalidCode };

/** Two-step sign-in (docs/decisions/021): the second step, set-up on the profile, and the courier's requirement. */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const publicStep = { public: true, rateLimit: perIpLimit(ctx.config) };

    /** Checks the challenge and the code under the code's own throttle, then opens the session. */
    const secondStepThen = async <T>(
      request: FastifyRequest,
      reply: FastifyReply,
      body: { challenge: string; code: string },
      kind: AccountKind,
      open: (account: TwoFactorAccount, remember: boolean | undefined) => Promise<T>,
    ) => {
      const { account, claims } = await challengeAccount(ctx, body.challenge, kind, 'verify');
      const signIn = async () => {
        await checkSecondStep(ctx, account, body.code);
        await spendChallenge(ctx, claims);
        return open(account, claims.remember);
      };
      return throttledSignIn(ctx, request, reply, account.email, signIn, undefined, SECOND_STEP);
    };

    app.post(
      '/auth/two-factor/verify',
      {
        config: publicStep,
        schema: {
          tags,
          summary: 'The second step of a staff-side sign-in',
          body: twoFactorVerifySchema,
          response: { 200: staffTwoFactorSessionSchema, ...errors },
        },
      },
      async (request, reply) =>
        secondStepThen(request, reply, request.body, 'user', (account, remember) => staffSession(ctx, account, remember)),
    );

    app.post(
      '/customers/two-factor/verify',
      {
        config: publicStep,
        schema: {
          tags: ['customers'],
          summary: 'The second step of a customer sign-in',
          body: twoFactorVerifySchema,
          response: { 200: customerTwoFactorSessionSchema, ...errors },
        },
      },
      async (request, reply) =>
        secondStepThen(request, reply, request.body, 'customer', (account, remember) => {
          if (account.courierId === null) throw new AppError('unauthenticated', TWO_FACTOR_MESSAGES.challengeExpired);
          return customerSession(ctx, { id: account.id, courierId: account.courierId }, remember);
        }),
    );

    // A staff member whose courier requires two steps sets them up before the first session.
    app.post(
      '/auth/two-factor/enrol/setup',
      {
        config: publicStep,
        schema: {
          tags,
          summary: 'Starts the set-up the courier requires, during sign-in',
          body: twoFactorChallengeSetupSchema,
          response: { 200: twoFactorSetupResponseSchema, ...errors },
        },
      },
      async (request) => startSetup(ctx, (await challengeAccount(ctx, request.body.challenge, 'user', 'enrol')).account),
    );

    app.post(
      '/auth/two-factor/enrol/confirm',
      {
        config: publicStep,
        schema: {
          tags,
          summary: 'Confirms the required set-up with a code and signs in; answers the recovery codes once',
          body: twoFactorVerifySchema,
          response: { 200: staffTwoFactorSessionSchema, ...errors },
        },
      },
      async (request) => {
        const { account, claims } = await challengeAccount(ctx, request.body.challenge, 'user', 'enrol');
        const recoveryCodes = await confirmSetup(ctx, account, request.body.code, { id: account.id, kind: 'user' });
        await spendChallenge(ctx, claims);
        return { ...(await staffSession(ctx, account, claims.remember)), recoveryCodes };
      },
    );

    // The signed-in person's own second step (staff side and customers alike).
    app.get(
      '/auth/two-factor',
      { schema: { tags, summary: 'Whether two-step sign-in is on for me', response: { 200: twoFactorStatusSchema, ...errors } } },
      async (request) => twoFactorStatus(ctx, currentUser(request)),
    );

    app.post(
      '/auth/two-factor/setup',
      { schema: { tags, summary: 'Starts setting up an authenticator app', response: { 200: twoFactorSetupResponseSchema, ...errors } } },
      async (request) => startSetup(ctx, await ownAccount(ctx, currentUser(request))),
    );

    app.post(
      '/auth/two-factor/enable',
      {
        config: { rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags,
          summary: 'Turns two-step sign-in on with a code from the app; answers the recovery codes once',
          body: twoFactorCodeSchema,
          response: { 200: recoveryCodesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        const recoveryCodes = await confirmSetup(ctx, await ownAccount(ctx, caller), request.body.code, caller);
        return { recoveryCodes, message: TWO_FACTOR_MESSAGES.enabled };
      },
    );

    app.post(
      '/auth/two-factor/disable',
      {
        config: { rateLimit: perIpLimit(ctx.config) },
        schema: {
          tags,
          summary: 'Turns two-step sign-in off (with the password)',
          body: twoFactorPasswordSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await disableOwn(ctx, currentUser(request), request.body.password);
        return { message: TWO_FACTOR_MESSAGES.disabled };
      },
    );

    app.post(
      '/auth/two-factor/reset',
      {
        preHandler: requireRole('super_admin', 'courier_admin', 'admin'),
        schema: {
          tags,
          summary: "Clears a person's two-step sign-in (a lost phone): the super admin anyone's, a courier admin their courier's",
          body: twoFactorResetSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await resetTwoFactor(ctx, currentUser(request), request.body);
        return { message: TWO_FACTOR_MESSAGES.reset };
      },
    );

    const courierAdmin = requireRole('courier_admin', 'admin');
    const ownCourierId = (courierId: number | null) => {
      if (courierId === null) throw new AppError('forbidden', API_MESSAGES.forbidden);
      return courierId;
    };
    app.get(
      '/settings/two-factor',
      {
        preHandler: courierAdmin,
        schema: {
          tags: ['settings'],
          summary: 'Whether the courier requires two-step sign-in of its staff',
          response: { 200: twoFactorPolicySchema, ...errors },
        },
      },
      async (request) => getTwoFactorPolicy(ctx.db, ownCourierId(currentUser(request).courierId)),
    );
    app.put(
      '/settings/two-factor',
      {
        preHandler: courierAdmin,
        schema: {
          tags: ['settings'],
          summary: 'Requires (or not) two-step sign-in of the courier’s staff',
          body: twoFactorPolicySchema,
          response: { 200: twoFactorPolicySchema, ...errors },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        return saveTwoFactorPolicy(ctx.db, caller, ownCourierId(caller.courierId), request.body.requireStaffTwoFactor);
      },
    );
  };
}
