import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  AGGREGATOR_SLUGS,
  CARRIER_TRACKING_MESSAGES,
  aggregatorWebhookSchema,
  carrierTagOf,
} from '@courier/shared/schemas/carrier-tracking';
import type { Carrier } from '@courier/shared/constants/packages';
import type { Db } from '../../db/client';
import { carrierTrackingAccounts, carrierTrackingEvents, carrierTrackings } from '../../db/schema/carrier-tracking';
import { couriers } from '../../db/schema/couriers';
import { subscriber } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import { AggregatorError, createTracking, validSignature } from './aftership';
import { type OpenAccount, type TrackingDeps, accountFor, existingAccount, webhookUrlOf } from './tracking-accounts.service';

/** Registration tries again after these waits (then gives up and keeps the error for staff). */
const RETRY_MINUTES = [1, 5, 30, 120, 720];
const BATCH = 50;

/**
 * A pre-alert was made: its tracking number is queued for the aggregator (the job registers it),
 * when the courier follows parcels (its own account, or test mode and the simulator).
 */
export const trackPreAlert = subscriber({
  name: 'carrier-tracking.track-pre-alert',
  on: 'pre_alert.created',
  async handle(ctx, event) {
    const { preAlertId, trackingNumber, carrier } = event.data;
    const [follows] = await ctx.db
      .select({
        yes: sql<boolean>`${couriers.paymentTestMode} or exists (select 1 from ${carrierTrackingAccounts} where ${carrierTrackingAccounts.courierId} = ${couriers.id})`,
      })
      .from(couriers)
      .where(eq(couriers.id, event.courierId));
    if (!follows?.yes) return;
    await ctx.db
      .insert(carrierTrackings)
      .values({ courierId: event.courierId, preAlertId, trackingNumber, slug: AGGREGATOR_SLUGS[carrier as Carrier] ?? null })
      .onConflictDoNothing();
  },
});

/**
 * Tells the simulator, as the aggregator's dashboard would be told, where this account's webhooks
 * go and with which secret. Only for the simulator: a real account is set up in its dashboard.
 */
async function configureSimulator(deps: TrackingDeps, account: OpenAccount): Promise<void> {
  const response = await fetch(`${account.baseUrl}/simulator/accounts/${encodeURIComponent(account.apiKey)}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ webhookUrl: webhookUrlOf(deps.config, account.courierId), secret: account.webhookSecret }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!response?.ok) throw new AggregatorError('The tracking simulator did not answer', true);
}

/**
 * Registers the queued tracking numbers that are due. Each row is claimed by moving its next
 * attempt a few minutes on in one statement, so replicas never register one twice, and the call
 * to the aggregator runs outside any transaction.
 */
export async function registerDueTrackings(deps: TrackingDeps, now = new Date()): Promise<number> {
  const claimed = await deps.db
    .update(carrierTrackings)
    .set({ nextAttemptAt: sql`${now.toISOString()}::timestamptz + interval '5 minutes'`, attempts: sql`${carrierTrackings.attempts} + 1` })
    .where(
      inArray(
        carrierTrackings.id,
        deps.db
          .select({ id: carrierTrackings.id })
          .from(carrierTrackings)
          .where(and(isNull(carrierTrackings.registeredAt), lte(carrierTrackings.nextAttemptAt, now)))
          .orderBy(carrierTrackings.nextAttemptAt)
          .limit(BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  let registered = 0;
  const accounts = new Map<number, OpenAccount | null>();
  const simulatorsReady = new Set<number>();
  for (const row of claimed) {
    if (!accounts.has(row.courierId)) accounts.set(row.courierId, await accountFor(deps, row.courierId));
    const account = accounts.get(row.courierId);
    if (!account) {
      await deps.db
        .update(carrierTrackings)
        .set({ lastError: 'No tracking account', nextAttemptAt: sql`now() + interval '1 day'` })
        .where(eq(carrierTrackings.id, row.id));
      continue;
    }
    try {
      if (account.test && !simulatorsReady.has(account.courierId)) {
        await configureSimulator(deps, account);
        simulatorsReady.add(account.courierId);
      }
      const tracking = await createTracking(account, {
        trackingNumber: row.trackingNumber,
        slug: row.slug,
        orderId: `pre-alert-${row.preAlertId}`,
        title: row.trackingNumber,
      });
      await deps.db
        .update(carrierTrackings)
        .set({ externalId: tracking.id, test: account.test, registeredAt: new Date(), lastError: null, updatedAt: new Date() })
        .where(eq(carrierTrackings.id, row.id));
      registered++;
    } catch (error) {
      const retry = error instanceof AggregatorError ? error.retry : true;
      const wait = RETRY_MINUTES[Math.min(row.attempts - 1, RETRY_MINUTES.length - 1)] ?? 720;
      const giveUp = !retry || row.attempts >= RETRY_MINUTES.length;
      await deps.db
        .update(carrierTrackings)
        .set({
          lastError: error instanceof Error ? error.message.slice(0, 300) : 'Failed',
          test: account.test,
          // A refused number waits far ahead: staff see the error; a new pre-alert tries again.
          nextAttemptAt: giveUp ? sql`now() + interval '3650 days'` : sql`now() + make_interval(mins => ${wait})`,
        })
        .where(eq(carrierTrackings.id, row.id));
    }
  }
  return registered;
}

/**
 * The aggregator's webhook for one courier: the signature is checked under that courier's own
 * secret, on the raw body; then only that courier's trackings with the aggregator's id move.
 * Checkpoints are kept once each (a webhook sent again adds nothing).
 */
export async function receiveWebhook(
  deps: TrackingDeps,
  courierId: number,
  body: Buffer,
  signature: string | undefined,
): Promise<{ updated: number }> {
  const account = await existingAccount(deps, courierId);
  if (!account || !validSignature(account.webhookSecret, body, signature)) {
    // Refused as the messaging webhooks are (400): the caller is not a session that could sign in again.
    throw new AppError('bad_request', CARRIER_TRACKING_MESSAGES.signatureInvalid);
  }
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The webhook body is not JSON');
  }
  const parsed = aggregatorWebhookSchema.safeParse(json);
  if (!parsed.success) throw new AppError('bad_request', 'The webhook body is not a tracking update');
  const { msg } = parsed.data;
  const tag = carrierTagOf(msg.tag);
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await tx
      .select({ id: carrierTrackings.id })
      .from(carrierTrackings)
      .where(and(eq(carrierTrackings.courierId, courierId), eq(carrierTrackings.externalId, msg.id)))
      .for('update');
    for (const row of rows) {
      const events = msg.checkpoints
        .map((c) => ({
          courierId,
          trackingId: row.id,
          tag: carrierTagOf(c.tag ?? msg.tag),
          message: (c.message ?? '').slice(0, 500) || carrierTagOf(c.tag ?? msg.tag),
          location: (c.location ?? ([c.city, c.state].filter(Boolean).join(', ') || null))?.slice(0, 200) ?? null,
          occurredAt: new Date(c.checkpoint_time),
        }))
        .filter((e) => !Number.isNaN(e.occurredAt.getTime()));
      if (events.length > 0) await tx.insert(carrierTrackingEvents).values(events).onConflictDoNothing();
      const deliveredAt = events.find((e) => e.tag === 'Delivered')?.occurredAt ?? new Date();
      await tx
        .update(carrierTrackings)
        .set({
          tag,
          updatedAt: new Date(),
          // The first delivery counts; a later webhook never moves it.
          ...(tag === 'Delivered'
            ? { deliveredAt: sql`coalesce(${carrierTrackings.deliveredAt}, ${deliveredAt.toISOString()}::timestamptz)` }
            : {}),
        })
        .where(eq(carrierTrackings.id, row.id));
    }
    return { updated: rows.length };
  });
}
