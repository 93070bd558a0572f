import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';
import { flagUncollected } from '../modules/packages/packages.service';

const HOUR = 3_600_000;

/**
 * The daily uncollected check. It runs at start and then every hour: flagging is idempotent (a
 * package is flagged once, when `uncollected_since` is still empty), so an hourly run marks each
 * package within an hour of its 15th day and a restart never double-charges. Several replicas may
 * run it at once: the UPDATE ... WHERE uncollected_since IS NULL lets only one of them flag a row.
 */
export function startUncollectedJob(services: { db: Db; mailer: Mailer }, log: FastifyBaseLogger, intervalMs = HOUR) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const flagged = await flagUncollected(services);
      if (flagged > 0) log.info({ flagged }, 'uncollected packages flagged');
    } catch (error) {
      log.error({ err: error }, 'uncollected check failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
