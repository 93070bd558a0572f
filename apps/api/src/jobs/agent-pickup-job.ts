import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../context';
import { countJobRun } from '../lib/metrics';
import type { SecretBox } from '../lib/secret-box';
import { claimDueSources, pickUp, type OutboundPolicy } from '../modules/integrations/index';
import { runExclusive } from './job-lock';
import { repeatEvery } from './repeat';

/** One round: folders due are claimed under the advisory lock, then read and imported outside it. */
export async function runPickupRound(s: Services, policy: OutboundPolicy, box: SecretBox, log: FastifyBaseLogger, now = new Date()) {
  const claimed = await runExclusive(s.db, 'agentPickup', (tx) => claimDueSources(tx, now));
  countJobRun('agentPickup', claimed.ran ? 'ran' : 'skipped');
  if (!claimed.ran) return;
  for (const courierId of claimed.result) {
    try {
      const { files } = await pickUp(s, policy, box, courierId);
      if (files.length > 0) log.info({ courierId, files }, 'agent folder: files imported');
    } catch (error) {
      log.warn({ err: error, courierId }, 'agent folder could not be read');
    }
  }
}

export function startAgentPickupJob(s: Services, policy: OutboundPolicy, box: SecretBox, log: FastifyBaseLogger, intervalMs = 60_000) {
  return repeatEvery('agentPickup', intervalMs, log, () => runPickupRound(s, policy, box, log));
}
