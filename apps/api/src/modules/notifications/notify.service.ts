import { MESSAGE_EVENTS, type MessageEvent } from '@courier/shared/schemas/messaging';
import {
  type NotificationAudience,
  type NotificationTarget,
  type NotificationType,
  notificationPath,
} from '@courier/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { type CustomerMessageInput, queueCustomerMessages, queueCustomerMessagesMany } from '../messaging/index';

export interface NotifyInput {
  /** null: a platform announcement to every courier. */
  courierId: number | null;
  type: NotificationType;
  title: string;
  body?: string;
  /** What it is about: the feed links it to that page in each reader's portal. */
  target?: NotificationTarget | null;
  audience?: Exclude<NotificationAudience, 'customer'>;
  createdBy?: number | null;
}

/**
 * Puts an entry in the in-app feed of a courier's staff and admins. Other areas call this (new
 * pre-alert, new delivery request, manifest arrived); pass the transaction when there is one so
 * the notification exists exactly when the thing it announces does.
 */
export async function notify(db: Db, input: NotifyInput): Promise<number> {
  return insertNotification(db, {
    courierId: input.courierId,
    type: input.type,
    title: input.title,
    body: input.body ?? '',
    targetKind: input.target?.kind ?? null,
    targetRef: input.target?.ref ?? null,
    audience: input.audience ?? 'staff',
    createdBy: input.createdBy ?? null,
  });
}

export interface NotifyCustomerInput {
  courierId: number;
  customerId: number;
  type: NotificationType;
  title: string;
  body?: string;
  target: NotificationTarget;
  /** The finer event for push, SMS and WhatsApp (a package update says which); else the type when it is one. */
  event?: MessageEvent;
}

/**
 * Puts an entry in one customer's own feed (their invoice, payment, ticket answer, delivery), and
 * queues, in the same transaction, its push notices and the courier's SMS or WhatsApp message.
 */
export async function notifyCustomer(db: Db, input: NotifyCustomerInput): Promise<number> {
  const message = messageOf(input);
  if (message) await queueCustomerMessages(db, message);
  return insertNotification(db, {
    courierId: input.courierId,
    customerId: input.customerId,
    audience: 'customer',
    type: input.type,
    title: input.title,
    body: input.body ?? '',
    targetKind: input.target.kind,
    targetRef: input.target.ref,
  });
}

/**
 * The same for many customers at once (an import's batch): the feed entries in one statement, the
 * messages read and written in bulk. `messages: false` when the caller queues its own summary
 * (an import sends each customer one message, however many packages they have in it).
 */
export async function notifyCustomers(db: Db, inputs: NotifyCustomerInput[], options: { messages?: boolean } = {}): Promise<void> {
  if (inputs.length === 0) return;
  if (options.messages !== false)
    await queueCustomerMessagesMany(
      db,
      inputs.flatMap((input) => messageOf(input) ?? []),
    );
  await db.insert(notifications).values(
    inputs.map((input) => ({
      courierId: input.courierId,
      customerId: input.customerId,
      audience: 'customer' as const,
      type: input.type,
      title: input.title,
      body: input.body ?? '',
      targetKind: input.target.kind,
      targetRef: input.target.ref,
    })),
  );
}

/** What a customer's feed entry sends outside the portal, if its event sends anything. */
export function messageOf(input: NotifyCustomerInput): CustomerMessageInput | null {
  const event = input.event ?? ((MESSAGE_EVENTS as readonly string[]).includes(input.type) ? (input.type as MessageEvent) : null);
  if (!event) return null;
  return {
    courierId: input.courierId,
    customerId: input.customerId,
    event,
    title: input.title,
    body: input.body ?? '',
    path: notificationPath('customer', input.target),
    ref: input.target.ref,
  };
}

/** Queues messages built by the caller (one per customer for an import), in bulk. */
export async function queueCustomerNotices(db: Db, messages: CustomerMessageInput[]): Promise<void> {
  await queueCustomerMessagesMany(db, messages);
}

async function insertNotification(db: Db, values: typeof notifications.$inferInsert): Promise<number> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  if (!row) throw new Error('Notification insert returned nothing');
  return row.id;
}
