import type { FastifyBaseLogger } from 'fastify';
import { type CourierLane, type Mailer, byLane } from '../lib/mailer';

const BATCH = 20;

/**
 * Drains the e-mail outbox every few seconds, and at once when `wake()` is called after an
 * enqueue. Each courier's mail goes out in its own lane: a lane that is busy (its SMTP server slow
 * or silent) is skipped when claiming, so it only delays its own courier's mail, never another's.
 * Stopping waits for the sends in progress, so a graceful shutdown loses nothing.
 */
export function startOutboxWorker(mailer: Mailer, log: FastifyBaseLogger, intervalMs = 3_000) {
  const busy = new Set<CourierLane>();
  const inFlight = new Set<Promise<void>>();
  let claiming = false;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runLane = (lane: CourierLane, mails: Parameters<Mailer['sendLane']>[1]) => {
    busy.add(lane);
    const run = mailer
      .sendLane(lane, mails, log)
      .catch((error) => log.error({ err: error, lane }, 'outbox lane failed'))
      .then(() => {
        busy.delete(lane);
        inFlight.delete(run);
        // The lane may have more mail waiting behind this batch.
        void tick();
      });
    inFlight.add(run);
  };

  const tick = async (): Promise<void> => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const claimed = await mailer.claimDue(BATCH, busy);
        for (const [lane, mails] of byLane(claimed)) runLane(lane, mails);
        // A full batch: there may be more, of lanes that are free.
        if (claimed.length === BATCH) again = true;
      } while (again && !stopped);
    } catch (error) {
      log.error({ err: error }, 'outbox drain failed');
    } finally {
      claiming = false;
    }
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
      while (claiming || inFlight.size > 0) {
        await Promise.all([...inFlight]);
        if (claiming) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
