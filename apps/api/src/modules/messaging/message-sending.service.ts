import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGING_MESSAGES, type PushPayload } from '@courier/shared/schemas/messaging';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { messageOutbox, pushSubscriptions } from '../../db/schema/messaging';
import { courierLink } from '../../lib/courier-links';
import { type OutboundPolicy, outboundPolicy } from '../../lib/outbound-guard';
import { pushPolicy, sendPush } from './push.service';
import { sendTwilioMessage } from './twilio';
import { vapidKeys } from './vapid';
import { type MessagingDeps, callbackUrls, providerOf } from './messaging-settings.service';

// Sending: due messages claimed once (SKIP LOCKED) and sent through their own courier's provider,
// or to the customer's device.

const MAX_SEND_ATTEMPTS = 5;
const LOCK_SECONDS = 60;

/** Claims due messages with SKIP LOCKED, so two workers never send one twice. */
export async function claimDueMessages(db: Db, limit = 20) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(or(eq(messageOutbox.status, 'pending'), and(eq(messageOutbox.status, 'sending'), lte(messageOutbox.lockedUntil, sql`now()`))))
      .orderBy(messageOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(messageOutbox)
      .set({ status: 'sending', lockedUntil: new Date(Date.now() + LOCK_SECONDS * 1000), attempts: sql`${messageOutbox.attempts} + 1` })
      .where(
        inArray(
          messageOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

type OutboxRow = typeof messageOutbox.$inferSelect;

/** `body`: the text as it went out, its link filled in, kept in place of the template's. */
async function finish(
  db: Db,
  row: OutboxRow,
  result: { ok: true; sid?: string } | { ok: false; error: string; retry: boolean },
  body?: string,
) {
  if (result.ok) {
    await db
      .update(messageOutbox)
      .set({
        status: 'sent',
        providerSid: result.sid ?? null,
        sentAt: new Date(),
        statusAt: new Date(),
        lockedUntil: null,
        lastError: null,
        ...(row.sensitive ? { body: '' } : body !== undefined ? { body } : {}),
      })
      .where(and(eq(messageOutbox.id, row.id), eq(messageOutbox.status, 'sending')));
    return;
  }
  const retry = result.retry && row.attempts < MAX_SEND_ATTEMPTS;
  await db
    .update(messageOutbox)
    .set({
      status: retry ? 'pending' : 'failed',
      lastError: result.error,
      lockedUntil: null,
      statusAt: retry ? null : new Date(),
      ...(row.sensitive && !retry ? { body: '' } : {}),
    })
    .where(eq(messageOutbox.id, row.id));
}

/** Twilio is on the internet; the platform's own simulator is where the operator put it. */
function providerPolicy(config: Config, baseUrl: string): OutboundPolicy {
  const platformSimulator = baseUrl.replace(/\/$/, '') === config.MESSAGING_SIMULATOR_URL.replace(/\/$/, '');
  return platformSimulator ? { allowPrivate: true, allowLoopback: true } : outboundPolicy(config);
}

/** Sends one claimed message through its own courier's provider (never another's), or to its device. */
export async function sendOne(deps: MessagingDeps, row: OutboxRow): Promise<void> {
  const link = row.link ? await courierLink(deps.db, deps.config, row.courierId, row.link) : '';
  if (row.channel === 'push') {
    const [sub] = row.subscriptionId
      ? await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId))
      : [];
    if (!sub || sub.customerId !== row.customerId)
      return finish(deps.db, row, { ok: false, error: 'The device is no longer subscribed', retry: false });
    const payload: PushPayload = {
      title: row.title,
      body: row.body,
      url: row.link ?? '/customer/notifications',
      tag: `${row.event}-${row.id}`,
    };
    const result = await sendPush(sub, payload, await vapidKeys(deps.db, deps.config, deps.box), pushPolicy(deps.config));
    if (!result.ok && result.gone) {
      // The browser or the push service dropped it: the device is forgotten.
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return finish(deps.db, row, { ok: false, error: 'The device unsubscribed (the push service said it is gone)', retry: false });
    }
    if (result.ok) await deps.db.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(eq(pushSubscriptions.id, sub.id));
    return finish(deps.db, row, result.ok ? { ok: true } : { ok: false, error: result.error, retry: true });
  }
  const provider = await providerOf(deps.db, row.courierId);
  const from = row.channel === 'sms' ? provider?.smsFrom : provider?.whatsappFrom;
  if (!provider || !from) return finish(deps.db, row, { ok: false, error: MESSAGING_MESSAGES.providerNotConnected, retry: false });
  const prefix = row.channel === 'whatsapp' ? 'whatsapp:' : '';
  // The link is the customer's own courier's page, filled in wherever the template puts it.
  const body = row.body.replaceAll('{link}', link).trim();
  const result = await sendTwilioMessage({
    baseUrl: provider.baseUrl,
    accountSid: provider.accountSid,
    authToken: deps.box.open(provider.authTokenSealed),
    to: `${prefix}${row.toAddress}`,
    from: `${prefix}${from}`,
    body,
    statusCallback: callbackUrls(deps.config, row.courierId).statusCallbackUrl,
    policy: providerPolicy(deps.config, provider.baseUrl),
  });
  return finish(
    deps.db,
    row,
    result.ok ? { ok: true, sid: result.sid } : { ok: false, error: result.error, retry: !result.permanent },
    body,
  );
}

/** Claims and sends what is due; returns how many were claimed. */
export async function drainMessages(deps: MessagingDeps, log?: FastifyBaseLogger, limit = 20): Promise<number> {
  const rows = await claimDueMessages(deps.db, limit);
  await Promise.all(
    rows.map((row) =>
      sendOne(deps, row).catch(async (error) => {
        log?.error({ err: error, messageId: row.id }, 'message send failed');
        await finish(deps.db, row, { ok: false, error: 'Sending failed', retry: true });
      }),
    ),
  );
  return rows.length;
}
