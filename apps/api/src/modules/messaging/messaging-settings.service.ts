import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_TEMPLATE,
  type EventRule,
  type EventRules,
  MESSAGE_EVENTS,
  type MessagingSettings,
  type OutboxMessage,
  type saveMessagingSettingsSchema,
} from '@courier/shared/schemas/messaging';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { messageOutbox, messagingProviders } from '../../db/schema/messaging';
import { audit } from '../../lib/audit';
import { platformOrigin } from '../../lib/courier-links';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';
import { TWILIO_BASE_URL } from './twilio';

// The courier's messaging settings: its provider (Twilio, or the simulator in test mode), which events
// send on which channel, and the outbox screen.

/** What sending needs: the database, the links' configuration and the box that opens stored secrets. */
export interface MessagingDeps {
  db: Db;
  config: Config;
  box: SecretBox;
}

export const isTest = (baseUrl: string) => baseUrl.replace(/\/$/, '') !== TWILIO_BASE_URL;

export function callbackUrls(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, courierId: number) {
  const base = `${platformOrigin(config)}/api/messaging/twilio/${courierId}`;
  return { statusCallbackUrl: `${base}/status`, inboundUrl: `${base}/inbound` };
}

export function defaultRules(): EventRules {
  return Object.fromEntries(MESSAGE_EVENTS.map((e) => [e, { sms: false, whatsapp: false, template: DEFAULT_TEMPLATE }])) as EventRules;
}

export async function providerOf(db: Db, courierId: number) {
  const [row] = await db.select().from(messagingProviders).where(eq(messagingProviders.courierId, courierId));
  return row ?? null;
}

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
