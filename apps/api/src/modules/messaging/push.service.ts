import { and, eq } from 'drizzle-orm';
import { MESSAGING_MESSAGES, type PushPayload, type PushSubscriptionInput } from '@courier/shared/schemas/messaging';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/messaging';
import { AppError } from '../../lib/errors';
import { type OutboundPolicy, guardedFetch, outboundPolicy, parseAddress } from '../../lib/outbound-guard';
import type { VapidKeys } from './vapid';

/** The browsers' push services: Chrome and Edge (FCM), Firefox, Safari, and Windows' own. */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const isPushService = (host: string) => PUSH_SERVICE_HOSTS.includes(host) || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$/.test(host);

/**
 * A push service's address: https to a browser vendor's push service, as browsers give them. A
 * loopback address only where the guard allows loopback (tests, the demo, a browser journey's
 * receiver); anything else would let a subscription make the server call into private networks.
 */
export function pushEndpointAllowed(endpoint: string, config: Pick<Config, 'NODE_ENV' | 'ALLOW_LOOPBACK_ENDPOINTS'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false;
  if (url.protocol === 'https:' && url.port === '' && isPushService(url.hostname)) return true;
  // A test's receiver on this machine, written as an address (a name could point anywhere).
  const address = parseAddress(url.hostname);
  return address?.range() === 'loopback' && pushPolicy(config).allowLoopback === true;
}

/** Push services are on the internet; loopback only where the guard allows it (never private networks). */
export const pushPolicy = (config: Pick<Config, 'NODE_ENV' | 'ALLOW_LOOPBACK_ENDPOINTS'>): OutboundPolicy => ({
  ...outboundPolicy(config),
  allowPrivate: false,
});

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
  policy: OutboundPolicy,
  timeoutMs = 10_000,
): Promise<PushResult> {
  // Loaded on the first push, not at start: most requests never send one.
  const { default: webpush } = await import('web-push');
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
    const response = await guardedFetch(
      details.endpoint,
      {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      },
      policy,
    );
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true };
    return { ok: false, gone: response.status === 404 || response.status === 410, error: `Push service answered ${response.status}` };
  } catch {
    // Refused, silent or closed: one answer.
    return { ok: false, gone: false, error: 'Push service unreachable' };
  }
}
