import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDIT_MESSAGES,
  couponInputSchema,
  couponSchema,
  creditAccountQuerySchema,
  creditAccountSchema,
  goodwillCreditSchema,
  referralRewardsSchema,
  referralSchema,
  statementQuerySchema,
} from '@courier/shared/schemas/account-credit';
import { courierQuerySchema, errorResponseSchema, idParamSchema } from '@courier/shared/schemas/common';
import type { AppContext } from '../../context';
import { courierScope } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { pdfResponseSchema } from '../../lib/pdf/render';
import { Storage } from '../../lib/storage';
import { type AuthUser, currentUser, customerOrPermission, requirePermission } from '../../plugins/auth';
import { addGoodwillCredit, creditAccount } from './ledger.service';
import { listCoupons, listReferrals, referralRewards, saveCoupon, saveReferralRewards } from './referrals.service';
import { statementPdf } from './statements.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['account-credit'];

/** A customer reads their own account; staff name the customer (of their courier). */
function whose(actor: AuthUser, query: { customerId?: number; courierId?: number }): { courierId: number; customerId: number } {
  if (actor.kind === 'customer') return { courierId: courierScope(actor), customerId: actor.id };
  if (!query.customerId) throw new AppError('bad_request', 'Choose a customer');
  return { courierId: courierScope(actor, query.courierId), customerId: query.customerId };
}

export function accountCreditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const documents = { db: ctx.db, storage: new Storage(ctx.config) };
  return async (app) => {
    app.get(
      '/account-credit',
      {
        preHandler: customerOrPermission('customers_view'),
        schema: { tags, querystring: creditAccountQuerySchema, response: { 200: creditAccountSchema, ...errors } },
      },
      async (request) => {
        const { courierId, customerId } = whose(currentUser(request), request.query);
        return creditAccount(ctx.db, ctx.mailer, courierId, customerId);
      },
    );

    app.post(
      '/account-credit/goodwill',
      {
        preHandler: requirePermission('credit_grant'),
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: goodwillCreditSchema,
          response: { 201: z.object({ balanceCents: z.number().int(), message: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const done = await addGoodwillCredit({
          db: ctx.db,
          mailer: ctx.mailer,
          actor,
          courierId: courierScope(actor, request.query.courierId),
          input: request.body,
        });
        return reply.status(201).send({ ...done, message: CREDIT_MESSAGES.goodwillAdded });
      },
    );

    app.get(
      '/account-credit/statement',
      {
        preHandler: customerOrPermission('customers_view'),
        schema: { tags, querystring: statementQuerySchema, response: { 200: pdfResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const { courierId, customerId } = whose(currentUser(request), request.query);
        const { pdf, filename } = await statementPdf(documents, courierId, customerId, request.query.month);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.get(
      '/referrals',
      {
        preHandler: requirePermission('customers_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(referralSchema), ...errors } },
      },
      async (request) => listReferrals(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );

    app.get(
      '/settings/referral-rewards',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: referralRewardsSchema, ...errors } },
      },
      async (request) => referralRewards(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );

    app.put(
      '/settings/referral-rewards',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: referralRewardsSchema,
          response: { 200: referralRewardsSchema.extend({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const saved = await saveReferralRewards(ctx.db, actor, courierScope(actor, request.query.courierId), request.body);
        return { ...saved, message: CREDIT_MESSAGES.rewardsSaved };
      },
    );

    app.get(
      '/coupons',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: z.array(couponSchema), ...errors } },
      },
      async (request) => listCoupons(ctx.db, courierScope(currentUser(request), request.query.courierId)),
    );

    app.post(
      '/coupons',
      {
        preHandler: requirePermission('settings_edit'),
        schema: { tags, querystring: courierQuerySchema, body: couponInputSchema, response: { 201: couponSchema, ...errors } },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const saved = await saveCoupon(ctx.db, actor, courierScope(actor, request.query.courierId), null, request.body);
        return reply.status(201).send(saved);
      },
    );

    app.put(
      '/coupons/:id',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          body: couponInputSchema,
          response: { 200: couponSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        return saveCoupon(ctx.db, actor, courierScope(actor, request.query.courierId), request.params.id, request.body);
      },
    );
  };
}
