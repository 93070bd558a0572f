import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceNoParamSchema, receiptParamSchema } from '@courier/shared/schemas/billing';
import { courierQuerySchema, errorResponseSchema, queryIdSchema } from '@courier/shared/schemas/common';
import {
  checkoutResponseSchema,
  gatewaySettingsInputSchema,
  gatewaySettingsResponseSchema,
  invoiceRefundSchema,
  onlinePaymentAvailabilitySchema,
  refundInputSchema,
  refundResponseSchema,
} from '@courier/shared/schemas/online-payments';
import type { AppContext } from '../../context';
import { courierAddressOfRequest, isOwnUrl, linkAt, platformOrigin } from '../../lib/courier-links';
import { AppError } from '../../lib/errors';
import { SecretBox } from '../../lib/secret-box';
import { currentUser, requirePermission, requireRole, customerOrPermission } from '../../plugins/auth';
import { invoiceScope } from '../invoices/index';
import { GatewayUnavailableError } from './gateway';
import { type GatewayDeps, SIMULATOR_PREFIX, gatewayFor } from './gateway-for';
import { acceptNotification, startCheckout } from './online-payments.service';
import { listInvoiceRefunds, refundPayment } from './refunds.service';
import { getGatewaySettings, saveGatewaySettings } from './settings.service';
import { gatewaySimulator } from './simulator';
import { couriersInTestMode, inTestMode, isProductionStart, testGatewayAdmission } from './test-mode';
import { WIPAY_SANDBOX_ACCOUNT } from './wipay';
import { courierScope } from '../../lib/courier-scope';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['online payments'];

/** The port this server listens on, or null before it listens. */
const listeningPort = (app: FastifyInstance) => () => {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : null;
};

/** This server's own simulator, as the server itself reaches it: loopback on the listening port. */
function loopbackSimulator(app: FastifyInstance): () => string | null {
  const port = listeningPort(app);
  return () => {
    const own = port();
    return own === null ? null : `http://127.0.0.1:${own}${SIMULATOR_PREFIX}`;
  };
}

/** The courier's own address as the customer's browser reached it (never a forged Host: courier-links.ts). */
const returnAddress = (ctx: AppContext, request: FastifyRequest, courierId: number) =>
  courierAddressOfRequest(ctx.db, ctx.config, request, courierId);

/**
 * Customers paying invoices by card (WiPay hosted checkout), the gateway's notifications, the
 * courier's gateway settings, refunds, and the test gateway (simulator) for couriers in test mode.
 * See docs/decisions/010-online-payments.md.
 */
export function onlinePaymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const secrets = new SecretBox(ctx.tokens.secret);
  return async (app) => {
    const deps: GatewayDeps = { db: ctx.db, config: ctx.config, secrets, simulatorUrl: loopbackSimulator(app) };
    // The gateway answers with a form post, as payment gateways do.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    if (ctx.config.PAYMENT_SIMULATOR) {
      await app.register(
        gatewaySimulator({
          mountPath: SIMULATOR_PREFIX,
          // The checkout page is served where the customer will return (the response_url's origin,
          // when it is one of ours), so its form and the return stay within our CSP's form-action 'self'.
          publicBase: async (responseUrl) =>
            `${(await isOwnUrl(ctx.db, ctx.config, responseUrl)) ? new URL(responseUrl).origin : platformOrigin(ctx.config)}${SIMULATOR_PREFIX}`,
          // Only WiPay's sandbox account: were it to sign with a courier's stored key, anyone could
          // forge that courier's payments through this public page.
          resolveKey: async (account) => (account === WIPAY_SANDBOX_ACCOUNT.accountNumber ? WIPAY_SANDBOX_ACCOUNT.apiKey : null),
          // Only our own notification route, only for a courier in test mode.
          admit: testGatewayAdmission({ db: ctx.db, config: ctx.config, ownPort: listeningPort(app) }),
        }),
        { prefix: SIMULATOR_PREFIX.replace(/^\/api/, '') },
      );
    }

    // A production server with a courier in test mode says so each time it starts.
    if (isProductionStart(ctx.config)) {
      app.addHook('onReady', async () => {
        const testing = await couriersInTestMode(ctx.db);
        if (testing.length === 0) return;
        app.log.warn(
          { couriers: testing.map((c) => c.code) },
          `Card payments in TEST mode (no money is taken) for: ${testing.map((c) => `${c.name} (${c.code})`).join(', ')}. The super admin switches test mode off under Couriers.`,
        );
      });
    }

    app.get(
      '/online-payments/availability',
      { preHandler: requireRole('customer'), schema: { tags, response: { 200: onlinePaymentAvailabilitySchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        const gateway = user.courierId === null ? null : await gatewayFor(deps, user.courierId);
        return { available: gateway !== null, test: gateway?.test ?? false };
      },
    );

    app.post(
      '/invoices/:invoiceNo/pay-online',
      {
        preHandler: requireRole('customer'),
        schema: { tags, params: invoiceNoParamSchema, response: { 200: checkoutResponseSchema, ...errors } },
      },
      async (request) => {
        const customer = currentUser(request);
        const gateway = customer.courierId === null ? null : await gatewayFor(deps, customer.courierId);
        const publicUrl = customer.courierId === null ? '' : (await returnAddress(ctx, request, customer.courierId)).origin;
        return startCheckout({ db: ctx.db, gateway, customer, invoiceNo: request.params.invoiceNo, publicUrl });
      },
    );

    // The gateway's answer: POSTed server to server, or carried by the customer's browser (GET).
    // Either way only its signature counts; the browser is then sent to the invoice, which polls.
    const notificationSchema = { params: z.object({ courierId: queryIdSchema }) };
    const handle = async (courierId: number, params: Record<string, unknown>, log: FastifyBaseLogger) => {
      const strings = Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      const gateway = await gatewayFor(deps, courierId);
      return acceptNotification({ db: ctx.db, mailer: ctx.mailer, gateway, courierId, params: strings, log });
    };
    app.post(
      '/online-payments/wipay/:courierId/response',
      { config: { public: true }, schema: { tags, ...notificationSchema } },
      async (request, reply) => {
        const result = await handle(request.params.courierId, (request.body ?? {}) as Record<string, unknown>, request.log);
        if (result.outcome === 'refused') return reply.status(400).send({ message: `Refused: ${result.reason}` });
        return { outcome: result.outcome, invoiceNo: result.invoiceNo };
      },
    );
    app.get(
      '/online-payments/wipay/:courierId/response',
      { config: { public: true }, schema: { tags, ...notificationSchema } },
      async (request, reply) => {
        const result = await handle(request.params.courierId, request.query as Record<string, unknown>, request.log);
        const state = result.outcome === 'refused' ? 'failed' : result.outcome === 'declined' ? 'declined' : 'processing';
        const page = result.invoiceNo ? `/customer/invoices/${encodeURIComponent(result.invoiceNo)}` : '/customer/invoices';
        return reply.redirect(linkAt(await returnAddress(ctx, request, request.params.courierId), `${page}?payment=${state}`), 303);
      },
    );

    app.get(
      '/settings/payment-gateway',
      {
        preHandler: requirePermission('settings_view'),
        schema: { tags, querystring: courierQuerySchema, response: { 200: gatewaySettingsResponseSchema, ...errors } },
      },
      async (request) => {
        const courierId = courierScope(currentUser(request), request.query.courierId);
        return { data: await getGatewaySettings(ctx.db, courierId), test_mode: await inTestMode(ctx.db, courierId) };
      },
    );
    app.put(
      '/settings/payment-gateway',
      {
        preHandler: requirePermission('settings_edit'),
        schema: {
          tags,
          querystring: courierQuerySchema,
          body: gatewaySettingsInputSchema,
          response: { 200: gatewaySettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const courierId = courierScope(actor, request.query.courierId);
        const data = await saveGatewaySettings({ db: ctx.db, secrets, actor, courierId, input: request.body });
        return { data, test_mode: await inTestMode(ctx.db, courierId) };
      },
    );

    app.get(
      '/invoices/:invoiceNo/refunds',
      {
        preHandler: customerOrPermission('invoices_view'),
        schema: {
          tags,
          params: invoiceNoParamSchema,
          querystring: courierQuerySchema,
          response: { 200: z.array(invoiceRefundSchema), ...errors },
        },
      },
      async (request) => listInvoiceRefunds(ctx.db, invoiceScope(currentUser(request), request.query.courierId), request.params.invoiceNo),
    );

    app.post(
      '/payments/:receiptNo/refunds',
      {
        preHandler: requirePermission('payments_create'),
        schema: {
          tags,
          params: receiptParamSchema,
          querystring: courierQuerySchema,
          body: refundInputSchema,
          response: { 201: refundResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        try {
          const done = await refundPayment({
            db: ctx.db,
            mailer: ctx.mailer,
            actor,
            courierId: courierScope(actor, request.query.courierId),
            receiptNo: request.params.receiptNo,
            input: request.body,
            gatewayFor: (courierId) => gatewayFor(deps, courierId),
          });
          return reply.status(201).send(done);
        } catch (error) {
          if (error instanceof GatewayUnavailableError) throw new AppError('unprocessable', error.message);
          throw error;
        }
      },
    );
  };
}
