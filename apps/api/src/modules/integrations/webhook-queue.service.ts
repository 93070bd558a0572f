import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { WebhookEvent } from '@courier/shared/schemas/integrations';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';

// Webhooks out: the subscribers of domain events queue deliveries here, in the publisher's
// transaction; jobs/webhook-job.ts sends them after the commit.

/**
 * Queues one event (or the same event for many records) for every live endpoint of the courier
 * that listens to it. Writes nothing when none does, so a courier without webhooks pays one query.
 */
export async function enqueueWebhookEvents(
  db: Db,
  courierId: number,
  event: WebhookEvent,
  items: Array<Record<string, unknown>>,
): Promise<void> {
  if (items.length === 0) return;
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.courierId, courierId), isNull(webhookEndpoints.disabledAt)));
  const listening = endpoints.filter((e) => e.events.includes(event));
  if (listening.length === 0) return;
  const now = new Date();
  const created = now.toISOString();
  const rows = listening.flatMap((endpoint) =>
    items.map((data) => ({
      courierId,
      endpointId: endpoint.id,
      event,
      body: JSON.stringify({ id: `evt_${randomUUID()}`, type: event, created: created, data }),
      // Due by the server's clock, the one a round compares with (the database's now() is later by up to a millisecond).
      nextAttemptAt: now,
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(webhookDeliveries).values(rows.slice(i, i + 500));
}

export const enqueueWebhookEvent = (db: Db, courierId: number, event: WebhookEvent, data: Record<string, unknown>) =>
  enqueueWebhookEvents(db, courierId, event, [data]);
