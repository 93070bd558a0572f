import { and, eq } from 'drizzle-orm';
import { MESSAGE_EVENTS, type MessageChannel, type MessageEvent } from '@courier/shared/schemas/messaging';
import { NOTICE_KIND_LABELS, type NoticeChannel, type NoticeChannels } from '@courier/shared/schemas/notice-channels';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { AppError } from '../../lib/errors';
import { changeCustomerOptOuts } from '../customers/index';
import { customerMessaging, saveCustomerChannels } from '../messaging/index';

/**
 * The customer's choice of channels per kind of notice: e-mail and push for every kind, SMS and
 * WhatsApp where the courier sends them and the number is confirmed. E-mail and push are kept as
 * opt-outs on the customer (so a new kind is on), SMS and WhatsApp with the confirmed number.
 */
export async function noticeChannels(db: Db, courierId: number, customerId: number): Promise<NoticeChannels> {
  const [row] = await db
    .select({ emailOptOuts: customers.emailOptOuts, pushOptOuts: customers.pushOptOuts })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
  if (!row) throw new AppError('not_found', 'Customer not found');
  const phone = await customerMessaging(db, courierId, customerId);
  const texting = phone.confirmed && !phone.optedOut;
  const chosen: Record<string, NoticeChannel[]> = {};
  const kinds = MESSAGE_EVENTS.map((event) => {
    const phoneChannels: MessageChannel[] = texting ? (phone.offered.find((o) => o.event === event)?.channels ?? []) : [];
    chosen[event] = [
      ...(row.emailOptOuts.includes(event) ? [] : (['email'] as const)),
      ...(row.pushOptOuts.includes(event) ? [] : (['push'] as const)),
      ...(phone.chosen[event] ?? []).filter((c) => phoneChannels.includes(c)),
    ];
    return { event, label: NOTICE_KIND_LABELS[event], channels: ['email', 'push', ...phoneChannels] as NoticeChannel[] };
  });
  return { kinds, chosen };
}

/** Saves the channels chosen per kind; a kind left out keeps its choice, a channel not offered is ignored. */
export async function saveNoticeChannels(
  db: Db,
  courierId: number,
  customerId: number,
  chosen: Partial<Record<MessageEvent, NoticeChannel[]>>,
): Promise<NoticeChannels> {
  const current = await noticeChannels(db, courierId, customerId);
  const [row] = await db
    .select({ emailOptOuts: customers.emailOptOuts, pushOptOuts: customers.pushOptOuts })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new AppError('not_found', 'Customer not found');
  const email = new Set(row.emailOptOuts);
  const push = new Set(row.pushOptOuts);
  const phone: Partial<Record<MessageEvent, MessageChannel[]>> = {};
  for (const kind of current.kinds) {
    const wanted = chosen[kind.event];
    if (!wanted) continue;
    if (wanted.includes('email')) email.delete(kind.event);
    else email.add(kind.event);
    if (wanted.includes('push')) push.delete(kind.event);
    else push.add(kind.event);
    if (kind.channels.includes('sms') || kind.channels.includes('whatsapp'))
      phone[kind.event] = wanted.filter((c): c is MessageChannel => (c === 'sms' || c === 'whatsapp') && kind.channels.includes(c));
  }
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await changeCustomerOptOuts(tx, customerId, { email: [...email], push: [...push] });
    if (Object.keys(phone).length > 0) await saveCustomerChannels(tx, courierId, customerId, phone);
  });
  return noticeChannels(db, courierId, customerId);
}
