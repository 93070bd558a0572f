import { warehouseRoutes } from './modules/warehouse/warehouse.routes';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { type FastifyPluginAsyncZod, type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { JSON_BODY_LIMIT_BYTES } from '@courier/shared/constants/limits';
import type { Config } from './config';
import type { AppContext } from './context';
import { requestLogSerializer } from './lib/log-redaction';
import { AppError } from './lib/errors';
import { API_MESSAGES } from '@courier/shared/messages';
import { courierSettingsRoutes } from './modules/couriers/courier-settings.routes';
import { filesRoutes } from './modules/files/files.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { customersAuthRoutes } from './modules/auth/customers-auth.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { tenantPublicRoutes } from './modules/auth/tenant-public.routes';
import { healthRoutes } from './modules/health/health.routes';
import { branchRoutes } from './modules/branches/branches.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { courierInvitationRoutes } from './modules/platform/courier-invitations.routes';
import { setupChecklistRoutes } from './modules/settings/setup-checklist.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { packagesRoutes } from './modules/packages/packages.routes';
import { packagePhotosRoutes } from './modules/packages/package-photos.routes';
import { unknownClaimsRoutes } from './modules/packages/unknown-claims.routes';
import { preAlertsRoutes } from './modules/pre-alerts/pre-alerts.routes';
import { manifestsRoutes } from './modules/manifests/manifests.routes';
import { marginRoutes } from './modules/margin/margin.routes';
import { transfersRoutes } from './modules/transfers/transfers.routes';
import { forwardingRoutes } from './modules/forwarding/forwarding.routes';
import { deliveriesRoutes } from './modules/deliveries/deliveries.routes';
import { authorisedPeopleRoutes } from './modules/packages/authorised-people.routes';
import { collectionRoutes } from './modules/packages/collection.routes';
import { returnRequestRoutes } from './modules/packages/return-requests.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { packageEstimateRoutes } from './modules/invoices/package-estimate.routes';
import { onlinePaymentsRoutes } from './modules/online-payments/online-payments.routes';
import { cardsRoutes } from './modules/online-payments/cards.routes';
import { accountCreditRoutes } from './modules/account-credit/account-credit.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { publicRoutes } from './modules/public/public.routes';
import { publicSiteSettingsRoutes } from './modules/public-site/settings.routes';
import { publicSiteRoutes } from './modules/public-site/site.routes';
import { publicTrackRoutes } from './modules/public-site/track.routes';
import { profileRoutes } from './modules/settings/profile.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { feesRoutes } from './modules/fees/fees.routes';
import { coverRoutes } from './modules/cover/cover.routes';
import { ticketRoutes } from './modules/tickets/tickets.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { emailRoutes } from './modules/emails/emails.routes';
import { outboxRoutes } from './modules/emails/outbox.routes';
import { timeTrackingRoutes } from './modules/time-tracking/time-tracking.routes';
import { searchRoutes } from './modules/search/search.routes';
import { packageImportsRoutes } from './modules/package-imports/package-imports.routes';
import { apiKeysRoutes } from './modules/integrations/api-keys.routes';
import { inboundApiRoutes } from './modules/integrations/inbound-api.routes';
import { webhooksRoutes } from './modules/integrations/webhooks.routes';
import { customerAppRoutes } from './modules/customer-app/customer-app.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { carrierTrackingRoutes } from './modules/carrier-tracking/carrier-tracking.routes';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuth } from './plugins/auth';
import { registerEmbedding } from './plugins/embedding';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { requestBudgets } from './plugins/rate-limits';
import { registerSecurity } from './plugins/security';
import { findWebDist, registerStatic } from './plugins/static';
import { registerListCsv } from './lib/list-csv';

/** Everything a route module needs, passed explicitly instead of hung on globals. */

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
  }
}

export interface BuildOptions {
  /** Serve the built SPA (production); tests of the API alone leave it off. */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Registers extra routes under /api before the app is sealed (tests use it for probes). */
  extraRoutes?: FastifyPluginAsyncZod;
}

/** The route modules, each mounted under /api. A new area adds one line here. */
const ROUTE_MODULES: Array<(ctx: AppContext) => FastifyPluginAsyncZod> = [
  authRoutes,
  customersAuthRoutes,
  twoFactorRoutes,
  tenantPublicRoutes,
  healthRoutes,
  publicRoutes,
  publicSiteRoutes,
  publicSiteSettingsRoutes,
  publicTrackRoutes,
  ticketRoutes,
  courierSettingsRoutes,
  settingsRoutes,
  feesRoutes,
  coverRoutes,
  profileRoutes,
  filesRoutes,
  invoicesRoutes,
  packageEstimateRoutes,
  collectionRoutes,
  authorisedPeopleRoutes,
  returnRequestRoutes,
  paymentsRoutes,
  accountCreditRoutes,
  onlinePaymentsRoutes,
  cardsRoutes,
  reportsRoutes,
  packagesRoutes,
  packagePhotosRoutes,
  unknownClaimsRoutes,
  preAlertsRoutes,
  manifestsRoutes,
  marginRoutes,
  transfersRoutes,
  deliveriesRoutes,
  forwardingRoutes,
  notificationRoutes,
  emailRoutes,
  outboxRoutes,
  timeTrackingRoutes,
  branchRoutes,
  staffRoutes,
  roleRoutes,
  customerRoutes,
  platformRoutes,
  courierInvitationRoutes,
  setupChecklistRoutes,
  dashboardRoutes,
  auditRoutes,
  searchRoutes,
  packageImportsRoutes,
  apiKeysRoutes,
  inboundApiRoutes,
  webhooksRoutes,
  warehouseRoutes,
  customerAppRoutes,
  messagingRoutes,
  carrierTrackingRoutes,
];

/**
 * Only as configured: the client's address is what per-IP limits count.
 * Fastify 5 reads a bare number as "trust nobody", so a hop count becomes the proxy-addr function
 * that trusts the nearest `hops` addresses.
 */
function trustProxyOption(setting: Config['TRUST_PROXY']): string | boolean | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.LOG_LEVEL,
            redact: ['req.headers.authorization'],
            // Reset and impersonation links carry their token in the query string.
            serializers: { req: requestLogSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // No HEAD twin for every GET (~330 route objects at start): only the routes a browser, crawler
    // or monitor may ask with HEAD (health, web pages, static files, the docs) say exposeHeadRoute.
    exposeHeadRoutes: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered, for the route-guard test and the security suite.
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url, public: route.config?.public === true });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API speaks JSON (and multipart for uploads): plain text bodies get a clear 415.
  app.removeContentTypeParser('text/plain');

  if (ctx.redis) {
    const redis = ctx.redis;
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  if (ctx.live) {
    const live = ctx.live;
    app.addHook('onClose', async () => live.close());
  }
  await registerMetrics(app, ctx);
  await registerSecurity(app, { budgets: requestBudgets(ctx.config), redis: ctx.redis });
  registerEmbedding(app, ctx);
  // JSON answers over 1 KB, for clients that accept gzip or br (PDFs and images are left alone:
  // their types are not compressible). Up to 64 KB in one synchronous call instead of a zlib
  // stream per answer: a 50-row page (~18 KB) cost 0.9 ms more CPU streamed.
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024 });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 20 } });
  // A multipart body without its boundary cannot be read: the caller's error, said before any route reads it.
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'] ?? '';
    if (/^\s*multipart\//i.test(type) && !/;\s*boundary=\S/i.test(type)) {
      throw new AppError('bad_request', API_MESSAGES.malformedMultipart);
    }
  });
  registerApiDocs(app);

  registerAuth(app, ctx.db, ctx.tokens);
  registerListCsv(app, ctx.db);
  await app.register(
    async (api) => {
      for (const routes of ROUTE_MODULES) await api.register(routes(ctx));
      if (options.extraRoutes) await api.register(options.extraRoutes);
    },
    { prefix: '/api' },
  );

  await registerStatic(app, options.serveWeb ? findWebDist(ctx.config.WEB_DIST) : undefined, ctx);
  return app;
}
