import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  type EventRule,
  MESSAGE_CHANNELS,
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MESSAGING_MESSAGES,
  normalisePhone,
  type CustomerMessaging,
  type MessageChannel,
  type MessageEvent,
} from '@courier/shared/schemas/messaging';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { customerPhones, messageOutbox, pushSubscriptions } from '../../db/schema/messaging';
import { AppError } from '../../lib/errors';
import { defaultRules, isTest, providerOf } from './messaging-settings.service';
import { defaultChannels } from './message-queue.service';

// The customer's number, theirs once they type back the code sent to it; the channels they chose
// per notice; their devices.

const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

const hashCode = (customerId: number, code: string) => createHash('sha256').update(`${customerId}:${code}`).digest('hex');

export async function customerMessaging(db: Db, courierId: number, customerId: number): Promise<CustomerMessaging> {
  const provider = await providerOf(db, courierId);
  const [phone] = await db.select().from(customerPhones).where(eq(customerPhones.customerId, customerId));
  // No number yet: the one given at registration is offered, to confirm by code like any other.
  const [registered] = phone
    ? []
    : await db
        .select({ phone: customers.phone })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
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
    phone: phone?.phone ?? (registered?.phone ? normalisePhone(registered.phone) : null),
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

/** Removes a customer's devices on one endpoint, or all of them (an account closed). */
export async function forgetDevices(db: Db, customerId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.customerId, customerId));
}
