import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { countJobRun } from '../lib/metrics';
import type { SecretBox } from '../lib/secret-box';
import { type OutboundPolicy, claimDueDeliveries, sendDelivery } from '../modules/integrations/index';
import { runExclusive } from './job-lock';
import { repeatEvery } from './repeat';

/**
 * One round of the webhook outbox: due deliveries are claimed under the job's advisory lock (so
 * replicas never claim the same ones), then sent outside the transaction, each recording its answer.
 */
export async function runWebhookRound(db: Db, box: SecretBox, policy: OutboundPolicy, now = new Date()): Promise<number> {
  const claimed = await runExclusive(db, 'webhooks', (tx) => claimDueDeliveries(tx, now));
  countJobRun('webhooks', claimed.ran ? 'ran' : 'skipped');
  if (!claimed.ran) return 0;
  await Promise.all(claimed.result.map((d) => sendDelivery(db, box, policy, d, now)));
  return claimed.result.length;
}

export function startWebhookJob(db: Db, box: SecretBox, policy: OutboundPolicy, log: FastifyBaseLogger, intervalMs = 5_000) {
  return repeatEvery('webhooks', intervalMs, log, async () => {
    // A full round may leave more due: go on until a round comes back short.
    while ((await runWebhookRound(db, box, policy)) === 20);
  });
}
