import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  type CreateWebhookInput,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEvent,
} from '@courier/shared/schemas/integrations';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { type OutboundPolicy, guardedFetch, hostAllowed, isRefusal } from '../../lib/outbound-guard';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';

export { type OutboundPolicy, outboundPolicy } from '../../lib/outbound-guard';

/** A loopback address written as such (never a name, which DNS could point anywhere). */
const isLoopbackLiteral = (url: URL) => ['127.0.0.1', '[::1]'].includes(url.hostname);

/** The signature header, as Stripe's: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>. */
export const SIGNATURE_HEADER = 'courier-signature';
export function signatureOf(secret: string, body: string, at: number): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/** Attempts before a delivery is given up (about 10 hours of back-off in all). */
export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min … doubling, at most 6 hours. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/** The endpoint's URL as we will call it, or why not (https on the internet, in production). */
export function checkEndpointUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('bad_request', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('bad_request', WEBHOOK_MESSAGES.urlInvalid);
  if (url.username || url.password) throw new AppError('bad_request', WEBHOOK_MESSAGES.urlInvalid);
  // Plain http only where private addresses are allowed, or to a journey's receiver at a loopback literal.
  if (url.protocol !== 'https:' && !policy.allowPrivate && !(policy.allowLoopback && isLoopbackLiteral(url)))
    throw new AppError('bad_request', WEBHOOK_MESSAGES.urlNotHttps);
  if (!hostAllowed(url.hostname, policy)) throw new AppError('bad_request', WEBHOOK_MESSAGES.urlPrivate);
  return url;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const endpointDto = (e: EndpointRow): WebhookEndpointDto => ({
  id: e.id,
  url: e.url,
  events: e.events,
  createdAt: e.createdAt.toISOString(),
  disabledAt: e.disabledAt?.toISOString() ?? null,
});

export async function listEndpoints(db: Db, courierId: number): Promise<WebhookEndpointDto[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.courierId, courierId)).orderBy(desc(webhookEndpoints.id));
  return rows.map(endpointDto);
}

export async function createEndpoint(
  db: Db,
  box: SecretBox,
  policy: OutboundPolicy,
  user: AuthUser,
  courierId: number,
  input: CreateWebhookInput,
) {
  const url = checkEndpointUrl(input.url, policy);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const events = [...new Set(input.events)];
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ courierId, url: url.toString(), events, secretSealed: box.seal(secret) })
      .returning();
    if (!row) throw new Error('Webhook insert returned nothing');
    await audit(tx, {
      courierId,
      actor: user,
      action: 'webhook.created',
      entity: 'webhook',
      entityId: row.id,
      details: { url: row.url, events },
    });
    return { ...endpointDto(row), secret };
  });
}

async function ownEndpoint(db: Db, courierId: number, id: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.courierId, courierId)));
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
  return row;
}

/** Stops an endpoint: nothing more is queued for it, and what waits is not sent. */
export async function disableEndpoint(db: Db, user: AuthUser, courierId: number, id: number): Promise<WebhookEndpointDto> {
  const row = await ownEndpoint(db, courierId, id);
  if (row.disabledAt) return endpointDto(row);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [updated] = await tx.update(webhookEndpoints).set({ disabledAt: new Date() }).where(eq(webhookEndpoints.id, id)).returning();
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'The endpoint was disabled' })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
    await audit(tx, { courierId, actor: user, action: 'webhook.disabled', entity: 'webhook', entityId: id, details: { url: row.url } });
    return endpointDto(updated ?? row);
  });
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const deliveryDto = (d: DeliveryRow): WebhookDeliveryDto => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  responseStatus: d.responseStatus,
  responseExcerpt: d.responseExcerpt,
  error: d.error,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

export async function listDeliveries(db: Db, courierId: number, endpointId: number): Promise<WebhookDeliveryDto[]> {
  await ownEndpoint(db, courierId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.courierId, courierId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(50);
  return rows.map(deliveryDto);
}

/** Sends a delivery's body again, as a new delivery (the record of the first stays). */
export async function resendDelivery(db: Db, courierId: number, endpointId: number, deliveryId: number): Promise<WebhookDeliveryDto> {
  const endpoint = await ownEndpoint(db, courierId, endpointId);
  if (endpoint.disabledAt) throw new AppError('conflict', 'This endpoint is disabled');
  const [d] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.courierId, courierId)),
    );
  if (!d) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  const [copy] = await db
    .insert(webhookDeliveries)
    .values({ courierId, endpointId, event: d.event, body: d.body, nextAttemptAt: new Date() })
    .returning();
  if (!copy) throw new Error('Delivery insert returned nothing');
  return deliveryDto(copy);
}

/** A "test" event to one endpoint, so the courier sees its receiver answer. */
export async function sendTestEvent(db: Db, courierId: number, endpointId: number): Promise<WebhookDeliveryDto> {
  const endpoint = await ownEndpoint(db, courierId, endpointId);
  if (endpoint.disabledAt) throw new AppError('conflict', 'This endpoint is disabled');
  const event: WebhookEvent | 'test' = 'test';
  const body = JSON.stringify({
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    type: event,
    created: new Date().toISOString(),
    data: { message: 'A test event from your courier portal' },
  });
  // Due by the server's clock, the one a round compares with.
  const [row] = await db.insert(webhookDeliveries).values({ courierId, endpointId, event, body, nextAttemptAt: new Date() }).returning();
  if (!row) throw new Error('Delivery insert returned nothing');
  return deliveryDto(row);
}

/** Deliveries due now, leased for two minutes so another replica does not send them meanwhile. */
export async function claimDueDeliveries(db: Db, now: Date, limit = 20) {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + 120_000) })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

/**
 * Sends one delivery, signed, and records the answer: a 2xx is delivered; anything else (or no
 * answer in 10 s) is tried again after the back-off, and given up after MAX_ATTEMPTS.
 */
export async function sendDelivery(db: Db, box: SecretBox, policy: OutboundPolicy, d: DeliveryRow, now = new Date()): Promise<void> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, d.endpointId));
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  if (!endpoint || endpoint.disabledAt) error = 'The endpoint was disabled';
  else {
    try {
      const url = checkEndpointUrl(endpoint.url, policy);
      const at = Math.floor(Date.now() / 1000);
      const res = await guardedFetch(
        url,
        {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'CourierPortal-Webhooks/1',
            [SIGNATURE_HEADER]: signatureOf(box.open(endpoint.secretSealed), d.body, at),
          },
          body: d.body,
        },
        policy,
      );
      status = res.status;
      excerpt = (await res.text()).slice(0, 500);
    } catch (e) {
      // A refused port and a silent one read the same: the answer is no port scanner.
      error = e instanceof AppError ? e.message : isRefusal(e) ? WEBHOOK_MESSAGES.urlPrivate : 'Could not connect to the endpoint';
    }
  }
  const ok = status !== null && status >= 200 && status < 300;
  const attempts = d.attempts + 1;
  const giveUp = !ok && (attempts >= MAX_ATTEMPTS || !endpoint || endpoint.disabledAt !== null);
  await db
    .update(webhookDeliveries)
    .set({
      attempts,
      responseStatus: status,
      responseExcerpt: excerpt,
      error: ok ? null : (error ?? `The endpoint answered ${status}`),
      status: ok ? 'succeeded' : giveUp ? 'failed' : 'pending',
      deliveredAt: ok ? now : null,
      nextAttemptAt: new Date(now.getTime() + (ok || giveUp ? 0 : backoffMs(attempts))),
    })
    .where(eq(webhookDeliveries.id, d.id));
}

/** Pending deliveries of a courier (for the screen's badge and the tests). */
export async function pendingCount(db: Db, courierId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.courierId, courierId), eq(webhookDeliveries.status, 'pending')));
  return row?.n ?? 0;
}
