import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { SecretBox } from '../lib/secret-box';
import { drainMessages } from '../modules/messaging/index';

/**
 * Sends the message outbox (push notices, SMS, WhatsApp) every second: a package scanned at the
 * station reaches the customer's phone within seconds. Claims use SKIP LOCKED, so each message is
 * sent once however many workers run; stopping waits for the pass in progress.
 */
export function startMessageWorker(ctx: Pick<AppContext, 'db' | 'config' | 'tokens'>, log: FastifyBaseLogger, intervalMs = 1_000) {
  const deps = { db: ctx.db, config: ctx.config, box: new SecretBox(ctx.tokens.secret) };
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        // A full batch: there may be more.
        while (!stopped && (await drainMessages(deps, log)) === 20) {}
      } catch (error) {
        log.error({ err: error }, 'message outbox drain failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
