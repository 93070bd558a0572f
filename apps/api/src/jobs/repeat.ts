import type { FastifyBaseLogger } from 'fastify';
import { countJobRun } from '../lib/metrics';
import type { JobName } from './job-lock';

/**
 * Runs `round` now and then every `intervalMs`, never two rounds of one job at once in this
 * process; a failed round is counted and logged, and the next one runs as usual.
 */
export function repeatEvery(job: JobName, intervalMs: number, log: FastifyBaseLogger, round: () => Promise<void>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await round();
    } catch (error) {
      countJobRun(job, 'failed');
      log.error({ err: error, job }, 'job round failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
