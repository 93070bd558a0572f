import { createHmac, timingSafeEqual } from 'node:crypto';
import { type OutboundPolicy, guardedFetch } from '../../lib/outbound-guard';

/**
 * Twilio's Messages API, as published: a message is `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
 * with a form-encoded To, From, Body and StatusCallback, under HTTP basic auth (Account SID and
 * Auth Token); WhatsApp numbers carry the `whatsapp:` prefix. Twilio signs each request it makes to
 * us (status callbacks, incoming replies) in X-Twilio-Signature: base64 HMAC-SHA1, keyed by the
 * Auth Token, of the full URL followed by each POST parameter's name and value in name order.
 */
export const TWILIO_BASE_URL = 'https://api.twilio.com';

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface TwilioSend {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string;
  /** Where the provider may be: through the outbound address guard. */
  policy: OutboundPolicy;
}

export type TwilioResult = { ok: true; sid: string; status: string } | { ok: false; error: string; permanent: boolean };

export async function sendTwilioMessage(m: TwilioSend, timeoutMs = 10_000): Promise<TwilioResult> {
  const url = `${m.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(m.accountSid)}/Messages.json`;
  const form = new URLSearchParams({ To: m.to, From: m.from, Body: m.body, StatusCallback: m.statusCallback });
  try {
    const response = await guardedFetch(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${m.accountSid}:${m.authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      },
      m.policy,
    );
    const data = (await response.json().catch(() => ({}))) as { sid?: string; status?: string; message?: string; code?: number };
    if (response.ok && data.sid) return { ok: true, sid: data.sid, status: data.status ?? 'queued' };
    // 4xx other than 429: the request itself is wrong (number, credentials); trying again will not help.
    const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
    return { ok: false, error: data.message ?? `Provider answered ${response.status}`, permanent };
  } catch {
    // Refused, silent or closed: one answer.
    return { ok: false, error: 'Provider unreachable', permanent: false };
  }
}
