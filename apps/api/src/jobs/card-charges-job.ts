import type { FastifyBaseLogger } from 'fastify';
import { countJobRun } from '../lib/metrics';
import { type CardDeps, runDueCardCharges } from '../modules/online-payments/index';
import { repeatEvery } from './repeat';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Takes the automatic card payments due today, every 15 minutes. It holds no lock across the calls
 * to the card processor: each charge is claimed on its own row first, so replicas never take one
 * twice, and a charge the processor could not be asked about is tried again the next round.
 */
export function startCardChargesJob(deps: CardDeps, log: FastifyBaseLogger, intervalMs = FIFTEEN_MINUTES) {
  return repeatEvery('card_charges', intervalMs, log, async () => {
    const counts = await runDueCardCharges(deps);
    countJobRun('card_charges', 'ran');
    if (counts.paid + counts.declined + counts.cancelled > 0) log.info(counts, 'automatic card payments taken');
  });
}
