import { PassThrough } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketReads } from '../../db/schema/ticket-reads';
import { users } from '../../db/schema/users';
import { customers } from '../../db/schema/customers';
import { AppError } from '../../lib/errors';
import { type LiveBus, type LiveEvent, type LiveSignal, publishLive } from '../../lib/live-bus';
import type { AuthUser } from '../../plugins/auth';
import { findTicket } from './ticket-rows';

// A signed-in person's live stream of the tickets they may see (server-sent events).

/** A person keeps at most this many streams per replica (tabs); one more is refused and that tab polls. */
export const MAX_STREAMS_PER_PERSON = 5;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** The longest a stream stays open on one token check; the browser reconnects with its current token. */
export const MAX_STREAM_MS = 30 * 60_000;
export const LIVE_ACCEPT = 'This address streams events: ask for text/event-stream';
export const LIVE_TOO_MANY = 'Live updates are open in too many tabs; this one refreshes every 30 seconds';
export const LIVE_UNAVAILABLE = 'Live updates are not available; this page refreshes every 30 seconds';

/** Whether `user` may be told of the event: their courier only, and a customer only of their own tickets. */
export function mayHear(user: AuthUser, event: LiveEvent): boolean {
  if (event.topic !== 'ticket') return false;
  if (user.role !== 'super_admin' && event.courierId !== user.courierId) return false;
  const own = event.by.kind === (user.kind === 'customer' ? 'customer' : 'staff') && event.by.id === user.id;
  // Nobody is told that they themselves are typing or reading.
  if (own && (event.kind === 'typing' || event.kind === 'read')) return false;
  if (user.kind === 'customer') return event.customerId === user.id;
  return true;
}

/** What the browser receives: no courier or customer ids beyond the ticket's own. */
function frame(event: LiveEvent): string {
  const data = { kind: event.kind, ticketId: event.ticketId, by: { kind: event.by.kind, name: event.by.name }, messageId: event.messageId };
  return `event: ticket\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The streams one app has open, per person; each app (a replica, a test's app) has its own. */
export class TicketStreams {
  private readonly open = new Map<string, PassThrough[]>();

  constructor(private readonly bus: LiveBus | undefined) {}

  /** Ends every stream, when the server closes. */
  endAll(): void {
    for (const list of this.open.values()) for (const stream of [...list]) stream.end();
    this.open.clear();
  }

  /**
   * Opens the caller's stream: `retry` for the browser, a `ready` event once listening, then the
   * events they may see. It ends at the token's expiry (or after MAX_STREAM_MS), when the
   * listening connection drops, or when the browser goes (`onGone`).
   */
  async stream(user: AuthUser, onGone: (end: () => void) => void): Promise<PassThrough> {
    const bus = this.bus;
    if (!bus?.available) throw new AppError('conflict', LIVE_UNAVAILABLE);
    const key = `${user.kind}:${user.id}`;
    const mine = this.open.get(key) ?? [];
    // Refused rather than pushing an older tab out, which would reconnect and push this one out in turn.
    if (mine.length >= MAX_STREAMS_PER_PERSON) throw new AppError('too_many_requests', LIVE_TOO_MANY);
    const stream = new PassThrough();
    mine.push(stream);
    this.open.set(key, mine);

    let ended = false;
    const listener = (signal: LiveSignal) => {
      if (ended) return;
      if (signal.type === 'lost') stream.end();
      else if (mayHear(user, signal.event)) stream.write(frame(signal.event));
    };
    let unsubscribe: () => void = () => {};
    const heartbeat = setInterval(() => !ended && stream.write(': ping\n\n'), HEARTBEAT_MS);
    const lifetime = Math.max(1_000, Math.min(MAX_STREAM_MS, user.exp * 1000 - Date.now()));
    const expiry = setTimeout(() => stream.end(), lifetime);
    heartbeat.unref();
    expiry.unref();
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      const list = this.open.get(key);
      if (list) {
        const at = list.indexOf(stream);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0) this.open.delete(key);
      }
      if (!stream.writableEnded) stream.end();
    };
    stream.on('close', end);
    stream.on('finish', end);
    // A browser gone mid-write is the end of its stream, never a crash.
    stream.on('error', end);
    onGone(end);
    try {
      unsubscribe = await bus.subscribe(listener);
    } catch {
      end();
      throw new AppError('conflict', LIVE_UNAVAILABLE);
    }
    if (ended) unsubscribe();
    stream.write('retry: 5000\nevent: ready\ndata: {}\n\n');
    return stream;
  }
}

/** The name a mark shows ("Ana is typing…"): the first name, as the messages sign it. */
async function firstNameOf(db: Db, user: AuthUser): Promise<string> {
  const [row] =
    user.kind === 'customer'
      ? await db.select({ name: customers.firstName }).from(customers).where(eq(customers.id, user.id))
      : await db.select({ name: users.firstName }).from(users).where(eq(users.id, user.id));
  return row?.name ?? (user.kind === 'customer' ? 'Customer' : 'Support');
}

/** Someone is writing in a ticket they may answer: the other side sees "… is typing". */
export async function tellTyping(db: Db, user: AuthUser, ticketId: number): Promise<void> {
  const row = await findTicket(db, user, ticketId);
  const staff = user.kind !== 'customer';
  await publishLive(db, {
    courierId: row.courierId,
    topic: 'ticket',
    kind: 'typing',
    ticketId: row.id,
    customerId: row.customerId,
    by: { kind: staff ? 'staff' : 'customer', id: user.id, name: await firstNameOf(db, user) },
  });
}

/** Publishes a change of a ticket (a message, a status, a read) from inside its transaction. */
export async function publishTicketChange(
  db: Db,
  user: AuthUser,
  row: { id: number; courierId: number; customerId: number },
  kind: 'message' | 'status' | 'read',
  messageId?: number,
): Promise<void> {
  await publishLive(db, {
    courierId: row.courierId,
    topic: 'ticket',
    kind,
    ticketId: row.id,
    customerId: row.customerId,
    by: { kind: user.kind === 'customer' ? 'customer' : 'staff', id: user.id, name: '' },
    messageId,
  });
}

/**
 * The newest message the other side has read ("Seen"): for a customer, the furthest any staff
 * member read; for staff, the customer's own marker.
 */
export async function seenByOtherSide(db: Db, user: AuthUser, ticket: { id: number; courierId: number }): Promise<number | null> {
  const [row] = await db
    .select({ id: ticketReads.lastReadMessageId })
    .from(ticketReads)
    .where(
      and(
        eq(ticketReads.courierId, ticket.courierId),
        eq(ticketReads.ticketId, ticket.id),
        eq(ticketReads.readerKind, user.kind === 'customer' ? 'user' : 'customer'),
        sql`${ticketReads.lastReadMessageId} is not null`,
      ),
    )
    .orderBy(desc(ticketReads.lastReadMessageId))
    .limit(1);
  return row?.id ?? null;
}
