import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../lib/mailer';

/**
 * Drains the e-mail outbox every few seconds, and at once when `wake()` is called after an
 * enqueue. Stopping waits for the send in progress, so a graceful shutdown loses nothing.
 */
export function startOutboxWorker(mailer: Mailer, log: FastifyBaseLogger, intervalMs = 3_000) {
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        // Keep draining while full batches come back.
        while (!stopped && (await mailer.drain(20)) === 20) {}
      } catch (error) {
        log.error({ err: error }, 'outbox drain failed');
      }
    })();
    await running;
    running = null;
  };

  timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();

  return {
    wake: () => void tick(),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      if (running) await running;
    },
  };
}
