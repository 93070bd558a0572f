import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courierQuerySchema, errorResponseSchema, idParamSchema, queryIdSchema } from '@courier/shared/schemas/common';
import {
  SAVED_CARD_MESSAGES,
  autopayInputSchema,
  cardCheckResponseSchema,
  prepayInputSchema,
  prepayListSchema,
  prepayResponseSchema,
  saveCardInputSchema,
  savedCardSchema,
  savedCardsResponseSchema,
} from '@courier/shared/schemas/saved-cards';
import type { AppContext } from '../../context';
import { courierAddressOfRequest, isOwnUrl, linkAt, platformOrigin } from '../../lib/courier-links';
import { courierScope } from '../../lib/courier-scope';
import { SecretBox } from '../../lib/secret-box';
import { currentUser, requirePermission, requireRole } from '../../plugins/auth';
import { useCardChargeNoticeDays } from './card-charges.service';
import { type CardDeps, PROCESSOR_SIMULATOR_PREFIX } from './card-processor-for';
import { listPrepayParcels, prepayParcel } from './prepayments.service';
import { POWERTRANZ_TEST_CREDENTIALS, powerTranzSimulator } from './powertranz-simulator';
import {
  challengePage,
  completeCardCheck,
  listSavedCards,
  removeSavedCard,
  setAutopay,
  staffCardView,
  startCardCheck,
} from './saved-cards.service';
import { testProcessorAdmission } from './test-mode';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['saved cards'];

/** This server over loopback on its listening port: how it reaches its own test processor. */
function ownOrigin(app: FastifyInstance): () => string | null {
  return () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
  };
}

/**
 * A customer's saved card (PowerTranz, 3-D Secure), paying new invoices automatically, and paying
 * a parcel before it arrives; the processor's responses; the test processor for couriers in test
 * mode. See docs/decisions/054-saved-cards-and-prepayment.md.
 */
export function cardsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const secrets = new SecretBox(ctx.tokens.secret);
  useCardChargeNoticeDays(ctx.config.CARD_CHARGE_NOTICE_DAYS);
  return async (app) => {
    const deps: CardDeps = { db: ctx.db, mailer: ctx.mailer, config: ctx.config, secrets, ownOrigin: ownOrigin(app) };
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    if (ctx.config.PAYMENT_SIMULATOR) {
      const port = () => {
        const address = app.server.address();
        return address && typeof address === 'object' ? address.port : null;
      };
      await app.register(
        powerTranzSimulator({
          knows: (id, password) => id === POWERTRANZ_TEST_CREDENTIALS.powerTranzId && password === POWERTRANZ_TEST_CREDENTIALS.password,
          admit: testProcessorAdmission({ db: ctx.db, config: ctx.config, ownPort: port }),
          // Its pages are served where the customer returns, so their forms stay within form-action 'self'.
          publicBase: async (responseUrl) =>
            `${(await isOwnUrl(ctx.db, ctx.config, responseUrl)) ? new URL(responseUrl).origin : platformOrigin(ctx.config)}${PROCESSOR_SIMULATOR_PREFIX}`,
        }),
        { prefix: PROCESSOR_SIMULATOR_PREFIX.replace(/^\/api/, '') },
      );
    }

    app.get(
      '/customer/saved-cards',
      { preHandler: requireRole('customer'), schema: { tags, response: { 200: savedCardsResponseSchema, ...errors } } },
      async (request) => listSavedCards(deps, currentUser(request)),
    );

    app.post(
      '/customer/saved-cards',
      {
        preHandler: requireRole('customer'),
        schema: { tags, body: saveCardInputSchema, response: { 201: cardCheckResponseSchema, ...errors } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const origin = (await courierAddressOfRequest(ctx.db, ctx.config, request, user.courierId ?? 0)).origin;
        return reply.status(201).send(await startCardCheck(deps, user, request.body, origin));
      },
    );

    app.put(
      '/customer/saved-cards/:id/autopay',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, body: autopayInputSchema, response: { 200: savedCardSchema, ...errors } },
      },
      async (request) => setAutopay(ctx.db, currentUser(request), request.params.id, request.body.autopay),
    );

    app.delete(
      '/customer/saved-cards/:id',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: idParamSchema, response: { 200: z.object({ message: z.string() }), ...errors } },
      },
      async (request) => {
        await removeSavedCard(ctx.db, currentUser(request), request.params.id);
        return { message: SAVED_CARD_MESSAGES.removed };
      },
    );

    app.get(
      '/customer/prepayments',
      { preHandler: requireRole('customer'), schema: { tags, response: { 200: prepayListSchema, ...errors } } },
      async (request) => listPrepayParcels(ctx.db, currentUser(request)),
    );

    app.post(
      '/customer/prepayments',
      {
        preHandler: requireRole('customer'),
        schema: { tags, body: prepayInputSchema, response: { 201: prepayResponseSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await prepayParcel(deps, currentUser(request), request.body)),
    );

    app.get(
      '/customers/:id/saved-card',
      {
        preHandler: requirePermission('customers_view'),
        schema: {
          tags,
          params: idParamSchema,
          querystring: courierQuerySchema,
          response: { 200: z.object({ card: savedCardSchema.nullable() }), ...errors },
        },
      },
      async (request) => ({
        card: await staffCardView(ctx.db, courierScope(currentUser(request), request.query.courierId), request.params.id),
      }),
    );

    // The processor's page that starts the bank's check, for the customer's browser. Its scripts
    // and form go to the processor, so this one page carries its own narrow policy.
    app.get(
      '/online-payments/powertranz/checks/:key',
      { config: { public: true }, schema: { tags, params: z.object({ key: z.string().regex(/^[\w-]{20,64}$/) }) } },
      async (request, reply) => {
        const html = await challengePage(ctx.db, request.params.key);
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        if (!html) {
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(
              `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card check ended</title></head><body><main><h1>${SAVED_CARD_MESSAGES.checkEnded}</h1></main></body></html>`,
            );
        }
        reply.header(
          'content-security-policy',
          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data: https:; form-action 'self' https:; frame-ancestors 'none'; base-uri 'none'",
        );
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );

    // The customer's browser back from the bank's check (PowerTranz posts the form field Response).
    app.post(
      '/online-payments/powertranz/:courierId/response',
      { config: { public: true }, bodyLimit: 32 * 1024, schema: { tags, params: z.object({ courierId: queryIdSchema }) } },
      async (request, reply) => {
        const courierId = request.params.courierId;
        const outcome = await completeCardCheck(deps, courierId, (request.body ?? {}) as Record<string, unknown>, request.log);
        const address = await courierAddressOfRequest(ctx.db, ctx.config, request, courierId);
        return reply.redirect(linkAt(address, `/customer/cards?card=${outcome}`), 303);
      },
    );
  };
}
