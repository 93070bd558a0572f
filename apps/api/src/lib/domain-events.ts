import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@courier/shared/constants/billing';
import type { PackageStatus } from '@courier/shared/constants/packages';
import type { Db } from '../db/client';
import { domainEventDeliveries, domainEvents } from '../db/schema/domain-events';
import type { Mailer } from './mailer';

// Domain events: an action records what happened and publishes it; each reaction (a receipt, a
// referral reward, a webhook) is a subscriber in the module that owns it. Publishing writes the
// event in the action's transaction and runs its subscribers there too, so a rolled-back action
// leaves no event and no reaction; what leaves the building (mail, messages, webhooks) goes
// through those modules' own outboxes, sent after the commit by their workers.

/** The events and what each carries (plain JSON: it is stored with the event). */
export interface DomainEventData {
  'payment.recorded': {
    paymentId: number;
    receiptNo: string;
    customerId: number;
    amountCents: number;
    method: PaymentMethod;
    reference: string | null;
    tenderedCents: number | null;
    changeCents: number | null;
    test: boolean;
    paidAt: string;
    allocations: Array<{ invoiceNo: string; amountCents: number; balanceAfterCents: number }>;
  };
  /**
   * A new invoice of packages (ready at the branch) or of fees after payment: a parcel's payment
   * in advance settles on it, and a customer paying automatically is told the day of the charge.
   */
  'invoice.issued': { invoiceId: number; invoiceNo: string; customerId: number; totalCents: number; packageIds: number[] };
  /** An invoice whose balance a payment brought to nothing. */
  'invoice.paid': { invoiceId: number; invoiceNo: string; customerId: number; receiptNo: string };
  /**
   * One package scanned in, or a batch of the agent's file. `messagesLater`: the import sends the
   * push and text notices itself once the whole file is in, so its customers get one each.
   */
  'package.received': {
    packages: Array<{
      id: number;
      packageNumber: string;
      trackingNumber: string;
      status: PackageStatus;
      customerId: number | null;
      preAlertMatched: boolean;
    }>;
    messagesLater: boolean;
  };
  /** Imported customers invited to choose a password: each gets the welcome e-mail with the link. */
  'customer.invited': { customerIds: number[] };
  /** A customer pre-alerted a parcel on its way to the warehouse. */
  'pre_alert.created': { preAlertId: number; trackingNumber: string; carrier: string; customerId: number };
  /**
   * A customer attached the merchant invoice to their pre-alert: its package, if held for it, goes
   * on. `branchId` is the customer's, recorded on the package's timeline.
   */
  'pre_alert.invoice_attached': { preAlertId: number; customerId: number; branchId: number | null };
  /** A customer chose another pickup branch (`userId` the staff member, null when the customer did). */
  'customer.branch_changed': { customerId: number; branchId: number; userId: number | null };
  /** One or many packages moved by one action (a manifest shipping moves hundreds at once). */
  'package.status_changed': {
    changes: Array<{
      id: number;
      packageNumber: string;
      trackingNumber: string;
      status: PackageStatus;
      previousStatus: PackageStatus;
      /** The customer's notice goes without its e-mail: an invoice e-mail of the same moment says it. */
      noEmail?: boolean;
      /** The flight the move belongs to, named in the customer's notice. */
      manifestNumber?: string | null;
    }>;
  };
}

export type DomainEventType = keyof DomainEventData;
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: number; type: K; courierId: number; data: DomainEventData[K] };
}[T];

/** What a subscriber may use: the publisher's transaction, and the mailer for its outbox. */
export interface EventContext {
  db: Db;
  mailer: Mailer;
}

export interface Subscriber<T extends DomainEventType = DomainEventType> {
  /** Unique and stable: the record that it handled an event is kept under this name. */
  name: string;
  on: T;
  handle(ctx: EventContext, event: DomainEvent<T>): Promise<void>;
}

/** Lets a list of subscribers of different events be typed as one. */
export const subscriber = <T extends DomainEventType>(s: Subscriber<T>): Subscriber => s as unknown as Subscriber;

let registry: Subscriber[] | undefined;

/** Sets who reacts to what; the runtime does it once, from `apps/api/src/subscribers.ts`. */
export function useSubscribers(list: Subscriber[]): void {
  const names = new Set<string>();
  for (const s of list) {
    if (names.has(s.name)) throw new Error(`Two subscribers are named ${s.name}`);
    names.add(s.name);
  }
  registry = list;
}

function subscribersOf(type: DomainEventType): Subscriber[] {
  // A programming error: publishing before the runtime wired the subscribers would lose reactions.
  if (!registry) throw new Error('Domain events published before any subscriber was registered');
  return registry.filter((s) => s.on === type);
}

/**
 * Records an event in the caller's transaction and runs its subscribers there. Call it with the
 * transaction's `db`: rolled back, the event and every reaction are gone with it.
 */
export async function publish<T extends DomainEventType>(
  ctx: EventContext,
  courierId: number,
  type: T,
  data: DomainEventData[T],
): Promise<DomainEvent<T>> {
  const [row] = await ctx.db.insert(domainEvents).values({ courierId, type, data }).returning({ id: domainEvents.id });
  if (!row) throw new Error('Event insert returned nothing');
  const event = { id: row.id, type, courierId, data } as DomainEvent<T>;
  await deliver(ctx, event as DomainEvent);
  return event;
}

/**
 * Runs the subscribers of an event that have not handled it yet, each at most once: the record of
 * its handling is written with its reaction, so delivering the same event again runs nobody twice.
 */
export async function deliver(ctx: EventContext, event: DomainEvent): Promise<string[]> {
  const subscribers = subscribersOf(event.type);
  if (subscribers.length === 0) return [];
  const claimed = await ctx.db
    .insert(domainEventDeliveries)
    .values(subscribers.map((s) => ({ eventId: event.id, subscriber: s.name })))
    .onConflictDoNothing()
    .returning({ subscriber: domainEventDeliveries.subscriber });
  const mine = new Set(claimed.map((c) => c.subscriber));
  const ran: string[] = [];
  for (const s of subscribers) {
    if (!mine.has(s.name)) continue;
    await s.handle(ctx, event as never);
    ran.push(s.name);
  }
  return ran;
}

/** Delivers a stored event again (a retry): only subscribers that have not handled it run. */
export async function redeliver(ctx: EventContext, eventId: number): Promise<string[]> {
  const [row] = await ctx.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
  if (!row) return [];
  return deliver(ctx, { id: row.id, type: row.type as DomainEventType, courierId: row.courierId, data: row.data } as DomainEvent);
}

/** How long a handled event is kept: long enough to look into a reaction, short enough to stay small. */
export const DOMAIN_EVENT_DAYS = 30;
/** Events deleted per statement, so a first prune of a large table holds no long lock. */
const PRUNE_BATCH = 5000;

/**
 * Deletes events older than `days` that every subscriber of their type has handled (their
 * handling records go with them); one a subscriber has not handled yet stays for a retry.
 * Returns how many were deleted. The hourly round calls it (jobs/uncollected-job.ts).
 */
export async function pruneDomainEvents(db: Db, now = new Date(), days = DOMAIN_EVENT_DAYS): Promise<number> {
  if (!registry) throw new Error('Domain events pruned before any subscriber was registered');
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const byType = new Map<string, string[]>();
  for (const s of registry) byType.set(s.on, [...(byType.get(s.on) ?? []), s.name]);
  const old = lt(domainEvents.createdAt, cutoff);
  // Each type's events that all of its subscribers handled; a type nobody hears of, any.
  const prunable = [
    ...[...byType].map(([type, names]) =>
      and(
        old,
        eq(domainEvents.type, type),
        sql`(select count(*) from ${domainEventDeliveries} d where d.event_id = ${domainEvents.id}
               and d.subscriber = any(${sql.param(names)}::text[])) = ${names.length}`,
      ),
    ),
    byType.size > 0 ? and(old, notInArray(domainEvents.type, [...byType.keys()])) : old,
  ];
  let deleted = 0;
  for (const where of prunable) {
    for (;;) {
      const batch = db.select({ id: domainEvents.id }).from(domainEvents).where(where).limit(PRUNE_BATCH);
      const gone = await db.delete(domainEvents).where(inArray(domainEvents.id, batch)).returning({ id: domainEvents.id });
      deleted += gone.length;
      if (gone.length < PRUNE_BATCH) break;
    }
  }
  return deleted;
}
