import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_TEMPLATE,
  type EventRule,
  type EventRules,
  MESSAGE_CHANNELS,
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MESSAGING_MESSAGES,
  type CustomerMessaging,
  type MessageChannel,
  type MessageEvent,
  type MessageStatus,
  type MessagingSettings,
  type OutboxMessage,
  type PushPayload,
  type saveMessagingSettingsSchema,
} from '@courier/shared/schemas/messaging';
import { OPTIONAL_EMAIL_KINDS } from '@courier/shared/schemas/notifications';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { customerPhones, messageOutbox, messagingProviders, pushSubscriptions } from '../../db/schema/messaging';
import { audit } from '../../lib/audit';
import { courierLink, platformOrigin } from '../../lib/courier-links';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';
import { sendPush } from './push.service';
import { TWILIO_BASE_URL, sendTwilioMessage, validTwilioSignature } from './twilio';
import { vapidKeys } from './vapid';

/** What sending needs: the database, the links' configuration and the box that opens stored secrets. */
export interface MessagingDeps {
  db: Db;
  config: Config;
  box: SecretBox;
}

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
const MAX_SEND_ATTEMPTS = 5;
const LOCK_SECONDS = 60;
/** The replies that opt out and back in, as carriers and Twilio treat them. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

const isTest = (baseUrl: string) => baseUrl.replace(/\/$/, '') !== TWILIO_BASE_URL;

export function callbackUrls(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, courierId: number) {
  const base = `${platformOrigin(config)}/api/messaging/twilio/${courierId}`;
  return { statusCallbackUrl: `${base}/status`, inboundUrl: `${base}/inbound` };
}

function defaultRules(): EventRules {
  return Object.fromEntries(MESSAGE_EVENTS.map((e) => [e, { sms: false, whatsapp: false, template: DEFAULT_TEMPLATE }])) as EventRules;
}

async function providerOf(db: Db, courierId: number) {
  const [row] = await db.select().from(messagingProviders).where(eq(messagingProviders.courierId, courierId));
  return row ?? null;
}

// The courier's side ---------------------------------------------------------------------------

export async function getMessagingSettings(db: Db, config: Config, courierId: number): Promise<MessagingSettings> {
  const row = await providerOf(db, courierId);
  return {
    connected: row !== null,
    testMode: row ? isTest(row.baseUrl) : false,
    baseUrl: row?.baseUrl ?? TWILIO_BASE_URL,
    accountSid: row?.accountSid ?? null,
    hasAuthToken: row !== null,
    smsFrom: row?.smsFrom ?? null,
    whatsappFrom: row?.whatsappFrom ?? null,
    events: { ...defaultRules(), ...(row?.events ?? {}) } as Record<string, EventRule>,
    ...callbackUrls(config, courierId),
  };
}

export async function saveMessagingSettings(
  deps: MessagingDeps,
  actor: AuthUser,
  courierId: number,
  input: z.output<typeof saveMessagingSettingsSchema>,
): Promise<MessagingSettings> {
  const before = await providerOf(deps.db, courierId);
  if (!before && !input.authToken) throw new AppError('bad_request', 'Enter the Auth Token');
  // In production we call Twilio itself or the platform's own simulator, never an address an admin types.
  const target = input.baseUrl.replace(/\/$/, '');
  if (
    deps.config.NODE_ENV === 'production' &&
    target !== TWILIO_BASE_URL &&
    target !== deps.config.MESSAGING_SIMULATOR_URL.replace(/\/$/, '')
  )
    throw new AppError('bad_request', `The provider address must be ${TWILIO_BASE_URL}`);
  const values = {
    baseUrl: input.baseUrl.replace(/\/$/, ''),
    accountSid: input.accountSid,
    authTokenSealed: input.authToken ? deps.box.seal(input.authToken) : (before?.authTokenSealed as string),
    smsFrom: input.smsFrom,
    whatsappFrom: input.whatsappFrom,
    events: input.events as EventRules,
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .insert(messagingProviders)
      .values({ courierId, ...values })
      .onConflictDoUpdate({ target: messagingProviders.courierId, set: values });
    await audit(tx, {
      courierId,
      actor,
      action: 'messaging_settings.updated',
      entity: 'courier',
      entityId: courierId,
      // Never the token itself.
      details: {
        baseUrl: values.baseUrl,
        accountSid: values.accountSid,
        tokenChanged: Boolean(input.authToken),
        test: isTest(values.baseUrl),
      },
    });
  });
  return getMessagingSettings(deps.db, deps.config, courierId);
}

export async function listOutboxMessages(db: Db, courierId: number, limit = 100): Promise<OutboxMessage[]> {
  const rows = await db
    .select({
      m: messageOutbox,
      customerName: sql<
        string | null
      >`nullif(trim(coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')), '')`,
    })
    .from(messageOutbox)
    .leftJoin(customers, and(eq(customers.id, messageOutbox.customerId), eq(customers.courierId, messageOutbox.courierId)))
    .where(eq(messageOutbox.courierId, courierId))
    .orderBy(desc(messageOutbox.id))
    .limit(limit);
  return rows.map(({ m, customerName }) => ({
    id: m.id,
    channel: m.channel,
    event: m.event,
    // A device's push address says nothing to staff; its number of the customer's devices does.
    to: m.channel === 'push' ? 'Device' : m.toAddress,
    customerName,
    body: m.body,
    status: m.status,
    test: m.test,
    providerSid: m.providerSid,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    statusAt: m.statusAt?.toISOString() ?? m.sentAt?.toISOString() ?? null,
  }));
}

// Queueing ---------------------------------------------------------------------------------------

export interface CustomerMessageInput {
  courierId: number;
  customerId: number;
  event: MessageEvent;
  title: string;
  body: string;
  /** The page it opens, a path of the customer portal. */
  path: string;
  ref: string;
}

function renderTemplate(template: string, fields: Record<string, string>): string {
  // {link} stays until sending, when the courier's own address is known.
  return template.replace(/\{(firstName|courier|title|ref)\}/g, (_, key: string) => fields[key] ?? '').trim();
}

/** The channels a customer has not chosen for: WhatsApp when offered (most Jamaicans use it), else SMS. */
function defaultChannels(rule: EventRule): MessageChannel[] {
  if (rule.whatsapp) return ['whatsapp'];
  if (rule.sms) return ['sms'];
  return [];
}

/**
 * Queues what an entry of the customer's feed sends outside the portal, in the caller's
 * transaction: a push to each of their devices (unless they switched that kind of notice off), and
 * the SMS or WhatsApp message the courier sends for this event on the channels the customer chose,
 * to their confirmed number, unless they replied STOP. Returns how many were queued.
 */
export async function queueCustomerMessages(db: Db, n: CustomerMessageInput): Promise<number> {
  return queueCustomerMessagesMany(db, [n]);
}

/** Rows per statement when many customers are read or messages written at once. */
const BULK = 1000;
const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / BULK) }, (_, i) => items.slice(i * BULK, (i + 1) * BULK));

/**
 * The same for many notices at once (an import's customers): the customers, their devices and
 * phones and the courier's provider read once, the messages written in one statement per 1,000.
 */
export async function queueCustomerMessagesMany(db: Db, inputs: CustomerMessageInput[]): Promise<number> {
  const rows: Array<typeof messageOutbox.$inferInsert> = [];
  for (const courierId of new Set(inputs.map((n) => n.courierId))) {
    const mine = inputs.filter((n) => n.courierId === courierId);
    const ids = [...new Set(mine.map((n) => n.customerId))];
    const people = new Map<number, { firstName: string; optOuts: string[]; courierName: string }>();
    const devices = new Map<number, Array<{ id: number; endpoint: string }>>();
    for (const part of chunks(ids)) {
      const found = await db
        .select({ id: customers.id, firstName: customers.firstName, optOuts: customers.emailOptOuts, courierName: couriers.name })
        .from(customers)
        .innerJoin(couriers, eq(couriers.id, customers.courierId))
        .where(and(inArray(customers.id, part), eq(customers.courierId, courierId)));
      for (const { id, ...person } of found) people.set(id, person);
      const subs = await db
        .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, customerId: pushSubscriptions.customerId })
        .from(pushSubscriptions)
        .where(and(inArray(pushSubscriptions.customerId, part), eq(pushSubscriptions.courierId, courierId)));
      for (const { customerId, ...d } of subs) devices.set(customerId, [...(devices.get(customerId) ?? []), d]);
    }
    const provider = await providerOf(db, courierId);
    const texting = mine.some((n) => provider?.events[n.event]?.sms || provider?.events[n.event]?.whatsapp);
    const phones = new Map<number, typeof customerPhones.$inferSelect>();
    if (texting) {
      for (const part of chunks(ids)) {
        for (const phone of await db.select().from(customerPhones).where(inArray(customerPhones.customerId, part)))
          phones.set(phone.customerId, phone);
      }
    }
    for (const n of mine) {
      const customer = people.get(n.customerId);
      if (!customer) continue;
      const optional = (OPTIONAL_EMAIL_KINDS as readonly string[]).includes(n.event);
      if (!(optional && customer.optOuts.includes(n.event))) {
        for (const d of devices.get(n.customerId) ?? []) {
          rows.push({
            courierId,
            customerId: n.customerId,
            channel: 'push',
            event: n.event,
            toAddress: d.endpoint,
            subscriptionId: d.id,
            title: n.title,
            body: n.body,
            link: n.path,
          });
        }
      }
      const rule = provider?.events[n.event];
      const phone = phones.get(n.customerId);
      if (!provider || !rule || !(rule.sms || rule.whatsapp)) continue;
      if (!phone?.confirmedAt || phone.optedOutAt || phone.courierId !== courierId) continue;
      const chosen = phone.channels[n.event] ?? defaultChannels(rule);
      const text = renderTemplate(rule.template || DEFAULT_TEMPLATE, {
        firstName: customer.firstName,
        courier: customer.courierName,
        title: n.title,
        ref: n.ref,
      });
      for (const channel of MESSAGE_CHANNELS) {
        const from = channel === 'sms' ? provider.smsFrom : provider.whatsappFrom;
        if (!chosen.includes(channel) || !rule[channel] || !from) continue;
        rows.push({
          courierId,
          customerId: n.customerId,
          channel,
          event: n.event,
          toAddress: phone.phone,
          title: n.title,
          body: text,
          link: n.path,
          test: isTest(provider.baseUrl),
        });
      }
    }
  }
  for (const part of chunks(rows)) await db.insert(messageOutbox).values(part);
  return rows.length;
}

// The customer's number ---------------------------------------------------------------------------

const hashCode = (customerId: number, code: string) => createHash('sha256').update(`${customerId}:${code}`).digest('hex');

export async function customerMessaging(db: Db, courierId: number, customerId: number): Promise<CustomerMessaging> {
  const provider = await providerOf(db, courierId);
  const [phone] = await db.select().from(customerPhones).where(eq(customerPhones.customerId, customerId));
  const rules = { ...defaultRules(), ...(provider?.events ?? {}) };
  const offered = MESSAGE_EVENTS.flatMap((event) => {
    const rule = rules[event];
    const channels = MESSAGE_CHANNELS.filter((c) => rule?.[c] && (c === 'sms' ? provider?.smsFrom : provider?.whatsappFrom));
    return channels.length > 0 ? [{ event, label: MESSAGE_EVENT_LABELS[event], channels }] : [];
  });
  const chosen: Record<string, MessageChannel[]> = {};
  for (const o of offered) {
    const rule = rules[o.event] as EventRule;
    chosen[o.event] = (phone?.channels[o.event] ?? defaultChannels(rule)).filter((c) => o.channels.includes(c));
  }
  return {
    available: Boolean(provider?.smsFrom),
    testMode: provider ? isTest(provider.baseUrl) : false,
    phone: phone?.phone ?? null,
    confirmed: Boolean(phone?.confirmedAt),
    codePending: Boolean(phone?.codeHash && phone.codeExpiresAt && phone.codeExpiresAt > new Date()),
    optedOut: Boolean(phone?.optedOutAt),
    offered,
    chosen,
  };
}

/** Sends a 6-digit code by SMS to the number the customer gave; the number is theirs once they type it back. */
export async function requestPhoneCode(db: Db, courierId: number, customerId: number, phone: string): Promise<CustomerMessaging> {
  const provider = await providerOf(db, courierId);
  if (!provider?.smsFrom) throw new AppError('conflict', MESSAGING_MESSAGES.providerNotConnected);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [courier] = await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, courierId));
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const values = {
      courierId,
      phone,
      confirmedAt: null,
      codeHash: hashCode(customerId, code),
      codeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
      codeAttempts: 0,
      updatedAt: new Date(),
    };
    await tx
      .insert(customerPhones)
      .values({ customerId, ...values })
      .onConflictDoUpdate({ target: customerPhones.customerId, set: values });
    await tx.insert(messageOutbox).values({
      courierId,
      customerId,
      channel: 'sms',
      event: 'phone_code',
      toAddress: phone,
      body: `${code} is your ${courier?.name ?? ''} code to confirm this number. It expires in 10 minutes.`,
      sensitive: true,
      test: isTest(provider.baseUrl),
    });
  });
  return customerMessaging(db, courierId, customerId);
}

export async function confirmPhone(db: Db, courierId: number, customerId: number, code: string): Promise<CustomerMessaging> {
  const [row] = await db.select().from(customerPhones).where(eq(customerPhones.customerId, customerId));
  if (!row?.codeHash || !row.codeExpiresAt) throw new AppError('bad_request', MESSAGING_MESSAGES.noCodePending);
  if (row.codeAttempts >= MAX_CODE_ATTEMPTS) throw new AppError('too_many_requests', MESSAGING_MESSAGES.tooManyAttempts);
  if (row.codeExpiresAt <= new Date()) throw new AppError('bad_request', MESSAGING_MESSAGES.codeExpired);
  if (row.codeHash !== hashCode(customerId, code)) {
    await db
      .update(customerPhones)
      .set({ codeAttempts: sql`${customerPhones.codeAttempts} + 1` })
      .where(eq(customerPhones.customerId, customerId));
    throw new AppError('bad_request', MESSAGING_MESSAGES.codeInvalid);
  }
  await db
    .update(customerPhones)
    .set({ confirmedAt: new Date(), optedOutAt: null, codeHash: null, codeExpiresAt: null, codeAttempts: 0, updatedAt: new Date() })
    .where(eq(customerPhones.customerId, customerId));
  return customerMessaging(db, courierId, customerId);
}

export async function saveCustomerChannels(
  db: Db,
  courierId: number,
  customerId: number,
  chosen: Partial<Record<MessageEvent, MessageChannel[]>>,
): Promise<CustomerMessaging> {
  const [row] = await db.select().from(customerPhones).where(eq(customerPhones.customerId, customerId));
  if (!row?.confirmedAt) throw new AppError('conflict', MESSAGING_MESSAGES.phoneNotConfirmed);
  await db
    .update(customerPhones)
    .set({ channels: { ...row.channels, ...chosen }, updatedAt: new Date() })
    .where(eq(customerPhones.customerId, customerId));
  return customerMessaging(db, courierId, customerId);
}

// The provider's calls to us ------------------------------------------------------------------------

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

// Sending -------------------------------------------------------------------------------------------

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

async function finish(db: Db, row: OutboxRow, result: { ok: true; sid?: string } | { ok: false; error: string; retry: boolean }) {
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
        ...(row.sensitive ? { body: '' } : {}),
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
    const result = await sendPush(sub, payload, await vapidKeys(deps.db, deps.config, deps.box));
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
  const result = await sendTwilioMessage({
    baseUrl: provider.baseUrl,
    accountSid: provider.accountSid,
    authToken: deps.box.open(provider.authTokenSealed),
    to: `${prefix}${row.toAddress}`,
    from: `${prefix}${from}`,
    body: row.body.replace('{link}', link).trim(),
    statusCallback: callbackUrls(deps.config, row.courierId).statusCallbackUrl,
  });
  return finish(deps.db, row, result.ok ? { ok: true, sid: result.sid } : { ok: false, error: result.error, retry: !result.permanent });
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

/** Removes a customer's devices on one endpoint, or all of them (an account closed). */
export async function forgetDevices(db: Db, customerId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.customerId, customerId));
}
