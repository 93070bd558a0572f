import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_TEMPLATE,
  type EventRule,
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MessageEvent,
} from '@courier/shared/schemas/messaging';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { customerPhones, messageOutbox, pushSubscriptions } from '../../db/schema/messaging';
import { isTest, providerOf } from './messaging-settings.service';

// Queueing: what an entry of a customer's feed sends outside the portal (push, SMS, WhatsApp), in the
// caller's transaction; jobs/message-worker.ts sends it (message-sending.service.ts).

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
export function defaultChannels(rule: EventRule): MessageChannel[] {
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
    const people = new Map<number, { firstName: string; pushOptOuts: string[]; courierName: string }>();
    const devices = new Map<number, Array<{ id: number; endpoint: string }>>();
    for (const part of chunks(ids)) {
      const found = await db
        .select({ id: customers.id, firstName: customers.firstName, pushOptOuts: customers.pushOptOuts, courierName: couriers.name })
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
      // Push on every device, unless the customer switched push off for this kind of notice.
      if (!customer.pushOptOuts.includes(n.event)) {
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
