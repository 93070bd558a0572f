import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { MESSAGING_MESSAGES, type PushPayload, type PushSubscriptionInput } from '@courier/shared/schemas/messaging';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/messaging';
import { AppError } from '../../lib/errors';
import { isLoopbackHost } from '../../lib/smtp';
import type { VapidKeys } from './vapid';

/**
 * A push service's address: https, as browsers give them. A loopback http address only outside
 * production (the local receiver of tests and the demo); anything else would let a subscription
 * make the server call into private networks.
 */
export function pushEndpointAllowed(endpoint: string, config: Pick<Config, 'NODE_ENV' | 'ALLOW_LOOPBACK_ENDPOINTS'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (isLoopbackHost(url.hostname)) return config.NODE_ENV !== 'production' || config.ALLOW_LOOPBACK_ENDPOINTS;
  return url.protocol === 'https:';
}

/** Stores this device's subscription for the customer; the same endpoint again (a renewed key) replaces it. */
export async function saveSubscription(
  db: Db,
  config: Pick<Config, 'NODE_ENV' | 'ALLOW_LOOPBACK_ENDPOINTS'>,
  who: { courierId: number; customerId: number },
  input: PushSubscriptionInput,
): Promise<{ id: number }> {
  if (!pushEndpointAllowed(input.endpoint, config)) throw new AppError('bad_request', MESSAGING_MESSAGES.subscriptionInvalid);
  const values = {
    courierId: who.courierId,
    customerId: who.customerId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: input.deviceLabel ?? null,
  };
  // A device handed to another person: its endpoint now belongs to the one signed in.
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date(), lastSentAt: null } })
    .returning({ id: pushSubscriptions.id });
  if (!row) throw new Error('Subscription insert returned nothing');
  return row;
}

/** Signing out on a device: its subscription goes (only the signed-in person's own). */
export async function removeSubscription(db: Db, customerId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.customerId, customerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export type PushResult = { ok: true } | { ok: false; gone: boolean; error: string };

/**
 * Sends one notice to one device (RFC 8030 with the aes128gcm payload of RFC 8291 and VAPID,
 * RFC 8292, as the `web-push` library builds the request). A 404 or 410 means the subscription
 * is gone for good.
 */
export async function sendPush(
  sub: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  vapid: VapidKeys,
  timeoutMs = 10_000,
): Promise<PushResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 24 * 60 * 60,
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true };
    return { ok: false, gone: response.status === 404 || response.status === 410, error: `Push service answered ${response.status}` };
  } catch (error) {
    return { ok: false, gone: false, error: error instanceof Error ? error.message : 'Push service unreachable' };
  }
}
