import { and, eq } from 'drizzle-orm';
import { MESSAGING_MESSAGES, type MessageStatus } from '@courier/shared/schemas/messaging';
import { customerPhones, messageOutbox } from '../../db/schema/messaging';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { validTwilioSignature } from './twilio';
import { type MessagingDeps, callbackUrls, providerOf } from './messaging-settings.service';

// The provider's calls to us: delivery status and replies (STOP, START), each checked against the
// courier's own token.

/** The replies that opt out and back in, as carriers and Twilio treat them. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

/** Checks X-Twilio-Signature with the courier's own Auth Token: another courier's token never passes. */
async function verifiedProvider(deps: MessagingDeps, courierId: number, url: string, params: Record<string, string>, signature?: string) {
  const provider = await providerOf(deps.db, courierId);
  if (!provider || !validTwilioSignature(deps.box.open(provider.authTokenSealed), url, params, signature)) {
    // A 400, not a 403: the caller is no one of ours to refuse, the request is simply not the provider's.
    throw new AppError('bad_request', MESSAGING_MESSAGES.signatureInvalid);
  }
  return provider;
}

const STATUS_OF: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/** A status callback: the message's delivery status, for that courier's message only. */
export async function recordStatusCallback(deps: MessagingDeps, courierId: number, params: Record<string, string>, signature?: string) {
  await verifiedProvider(deps, courierId, callbackUrls(deps.config, courierId).statusCallbackUrl, params, signature);
  const status = STATUS_OF[params.MessageStatus ?? ''];
  if (!status || !params.MessageSid) return;
  // Callbacks may arrive out of order: delivered is never taken back to sent.
  await deps.db
    .update(messageOutbox)
    .set({
      status,
      statusAt: new Date(),
      lastError: params.ErrorCode ? `Provider error ${params.ErrorCode}` : null,
    })
    .where(
      and(
        eq(messageOutbox.courierId, courierId),
        eq(messageOutbox.providerSid, params.MessageSid),
        status === 'sent' ? eq(messageOutbox.status, 'sent') : undefined,
      ),
    );
}

/** A reply from a customer: STOP (and its synonyms) opts their number out of this courier's messages; START back in. */
export async function recordInbound(deps: MessagingDeps, courierId: number, params: Record<string, string>, signature?: string) {
  await verifiedProvider(deps, courierId, callbackUrls(deps.config, courierId).inboundUrl, params, signature);
  const from = (params.From ?? '').replace(/^whatsapp:/, '');
  const word = (params.Body ?? '').trim().toUpperCase();
  const stop = STOP_WORDS.has(word);
  if (!stop && !START_WORDS.has(word)) return { optedOut: null };
  const changed = await deps.db
    .update(customerPhones)
    .set({ optedOutAt: stop ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(customerPhones.courierId, courierId), eq(customerPhones.phone, from)))
    .returning({ customerId: customerPhones.customerId });
  for (const c of changed) {
    await audit(deps.db, {
      courierId,
      actor: null,
      action: stop ? 'customer_phone.opted_out' : 'customer_phone.opted_in',
      entity: 'customer',
      entityId: c.customerId,
      details: { channel: params.From?.startsWith('whatsapp:') ? 'whatsapp' : 'sms' },
    });
  }
  return { optedOut: stop };
}
