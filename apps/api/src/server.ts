import { buildApp } from './app';
import { SecretBox } from './lib/secret-box';
import { seedMessagingDemo } from './modules/messaging/messaging.seed';
import { loadConfig } from './config';
import { createRuntimeOrExit } from './context';
import { formatDemoLogins, isDatabaseEmpty, seedDemo } from './db/seed';
import { startMessageWorker } from './jobs/message-worker';
import { startOutboxWorker } from './jobs/outbox-worker';
import { startUncollectedJob } from './jobs/uncollected-job';
import { startWebhookJob } from './jobs/webhook-job';
import { startAgentPickupJob } from './jobs/agent-pickup-job';
import { outboundPolicy } from './modules/integrations/index';
import { startStatementsJob } from './jobs/statements-job';
import { startCardChargesJob } from './jobs/card-charges-job';
import { startCarrierTrackingJob } from './jobs/carrier-tracking-job';
import { Storage } from './lib/storage';

/**
 * Starts the server: the entry of `tsx src/server.ts` and of the bundle (dist/server.cjs, started by
 * dist/server.js through V8's code cache, decision 015). No top-level await: the bundle is CommonJS.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const { ctx, database } = await createRuntimeOrExit(config);
  const app = await buildApp(ctx, { serveWeb: true });

  if (config.SEED_DEMO && (await isDatabaseEmpty(ctx.db))) {
    await seedDemo(ctx.db);
    await seedMessagingDemo(ctx.db, new SecretBox(ctx.tokens.secret), 'JXP', config.MESSAGING_SIMULATOR_URL);
    const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    // Printed once, on the first start of an empty database.
    console.log(`\n${formatDemoLogins(base)}\n`);
  }

  if (database.kind === 'embedded') {
    // One process owns the embedded database: a claim still held at start is a crashed run's.
    const released = await ctx.mailer.releaseAbandonedClaims();
    if (released > 0) app.log.warn({ released }, 'outbox: mail claimed by a crashed run queued again');
  }
  const worker = startOutboxWorker(ctx.mailer, app.log);
  const messages = startMessageWorker(ctx, app.log);
  const uncollected = startUncollectedJob({ db: ctx.db, mailer: ctx.mailer }, app.log);
  const webhooks = startWebhookJob(ctx.db, new SecretBox(ctx.tokens.secret), outboundPolicy(config), app.log);
  const pickup = startAgentPickupJob({ db: ctx.db, mailer: ctx.mailer }, outboundPolicy(config), new SecretBox(ctx.tokens.secret), app.log);
  const carrierTracking = startCarrierTrackingJob({ db: ctx.db, config, box: new SecretBox(ctx.tokens.secret) }, app.log);
  const statements = startStatementsJob({ db: ctx.db, mailer: ctx.mailer, storage: new Storage(ctx.config) }, app.log);
  await app.listen({ port: config.PORT, host: config.HOST });
  // Automatic card payments reach the test card processor over this server's own port.
  const cardCharges = startCardChargesJob(
    {
      db: ctx.db,
      mailer: ctx.mailer,
      config,
      secrets: new SecretBox(ctx.tokens.secret),
      ownOrigin: () => {
        const address = app.server.address();
        return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
      },
    },
    app.log,
    config.CARD_CHARGES_INTERVAL_MS,
  );
  // dist/server.js saves V8's code cache once the start is done (decision 015).
  (process as NodeJS.EventEmitter).emit('courier:listening');
  app.log.info(`Courier portal on http://localhost:${config.PORT} (${database.kind} database)`);

  let closing = false;
  async function shutdown(signal: string, exitCode = 0) {
    if (closing) return;
    closing = true;
    // The code holds even when the event loop empties before process.exit below (a lost database
    // leaves nothing to wait on): a supervisor must see the failure.
    process.exitCode = exitCode;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      uncollected.stop();
      webhooks.stop();
      pickup.stop();
      statements.stop();
      cardCharges.stop();
      carrierTracking.stop();
      await app.close();
      await worker.stop();
      await messages.stop();
      await database.close();
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  // Without its database the server can only fail every request: it says so and stops (a
  // supervisor, or the next `npm start`, starts both again; PostgreSQL recovers its files).
  void database.lost?.then(() => {
    app.log.fatal('The embedded PostgreSQL stopped unexpectedly, so the server stops too. Start it again: the database recovers.');
    void shutdown('database lost', 1);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
