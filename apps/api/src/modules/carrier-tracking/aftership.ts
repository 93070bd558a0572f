import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tracking aggregator's published protocol (AfterShip Tracking API, version 2025-01):
 * requests carry the account's key in `as-api-key`; `POST /trackings` takes the tracking number
 * and the carrier's slug and answers `{ meta: { code }, data: <tracking> }`, `meta.code` 4003 when
 * the account already follows that number. Its webhooks post `{ event, event_id, ts, msg }` (the
 * tracking object in `msg`, with its `checkpoints`), signed in `aftership-hmac-sha256`: the
 * base64 HMAC-SHA256 of the raw body under the account's webhook secret. The simulator speaks the same.
 */
export const AFTERSHIP_BASE_URL = 'https://api.aftership.com/tracking/2025-01';
export const SIGNATURE_HEADER = 'aftership-hmac-sha256';
const ALREADY_EXISTS = 4003;
const TIMEOUT_MS = 10_000;

export interface AggregatorAccount {
  baseUrl: string;
  apiKey: string;
}

export interface RegisteredTracking {
  id: string;
  tag: string | null;
}

export class AggregatorError extends Error {
  constructor(
    message: string,
    /** Worth another try later (network, 429, 5xx); a refused number is not. */
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'AggregatorError';
  }
}

/** The signature of a webhook body under the secret (what the aggregator puts in SIGNATURE_HEADER). */
export function webhookSignature(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Whether the header is the body's signature under the secret (compared in constant time). */
export function validSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(webhookSignature(secret, body));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type Envelope = { meta?: { code?: number; message?: string }; data?: unknown };

async function call(
  account: AggregatorAccount,
  path: string,
  init: { method: string; body?: unknown },
): Promise<{ status: number; body: Envelope }> {
  let response: Response;
  try {
    response = await fetch(`${account.baseUrl.replace(/\/$/, '')}${path}`, {
      method: init.method,
      headers: { 'as-api-key': account.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AggregatorError('The tracking service did not answer', true);
  }
  const body = (await response.json().catch(() => ({}))) as Envelope;
  return { status: response.status, body };
}

function trackingOf(data: unknown): RegisteredTracking | null {
  const t = data as { id?: unknown; tag?: unknown } | undefined;
  return typeof t?.id === 'string' ? { id: t.id, tag: typeof t.tag === 'string' ? t.tag : null } : null;
}

/** Asks the aggregator to follow a tracking number; a number it already follows answers that tracking. */
export async function createTracking(
  account: AggregatorAccount,
  input: { trackingNumber: string; slug: string | null; orderId: string; title: string },
): Promise<RegisteredTracking> {
  const created = await call(account, '/trackings', {
    method: 'POST',
    body: {
      tracking_number: input.trackingNumber,
      ...(input.slug ? { slug: input.slug } : {}),
      order_id: input.orderId,
      title: input.title,
    },
  });
  const tracking = created.status < 300 ? trackingOf(created.body.data) : null;
  if (tracking) return tracking;
  if (created.body.meta?.code === ALREADY_EXISTS) {
    const found = await call(account, `/trackings?tracking_numbers=${encodeURIComponent(input.trackingNumber)}`, { method: 'GET' });
    const list = (found.body.data as { trackings?: unknown[] } | undefined)?.trackings ?? [];
    const existing = list.map(trackingOf).find((t) => t !== null);
    if (existing) return existing;
  }
  const retry = created.status === 429 || created.status >= 500;
  throw new AggregatorError(created.body.meta?.message ?? `The tracking service answered ${created.status}`, retry);
}
