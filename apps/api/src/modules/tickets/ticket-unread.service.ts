import { and, count, desc, eq, sql } from 'drizzle-orm';
import { BELL_LIST_LIMIT } from '@courier/shared/schemas/tickets';
import type { UnreadTickets } from '@courier/shared/schemas/tickets';
import { BELL_BADGE_CAP } from '@courier/shared/constants/limits';
import type { Db } from '../../db/client';
import { ticketUnread } from '../../db/schema/ticket-unread';
import { tickets } from '../../db/schema/tickets';
import type { AuthUser } from '../../plugins/auth';
import { readerOf } from './ticket-read-markers';
import { scopeOf, selectTickets, toTicket } from './ticket-rows';

/**
 * The counts only ever show as 99+ (bell) or 9+ (badges), so counting stops at 100: with the
 * reader's rows leading the primary key, the cost is bounded whatever the number of tickets.
 */
export const UNREAD_COUNT_LIMIT = BELL_BADGE_CAP + 1;

/**
 * The staff-side unread count, one query on the reader's own `ticket_unread` rows,
 * exact up to UNREAD_COUNT_LIMIT (the bell shows anything above 99 as 99+).
 */
export async function unreadCount(db: Db, user: AuthUser): Promise<number> {
  const reader = readerOf(user);
  const mine = and(
    user.role === 'super_admin' ? undefined : eq(ticketUnread.courierId, user.courierId ?? -1),
    eq(ticketUnread.readerKind, reader.kind),
    eq(ticketUnread.readerId, reader.id),
  );
  const capped = db.select({ one: sql`1` }).from(ticketUnread).where(mine).limit(UNREAD_COUNT_LIMIT).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/** The bell's newest unread tickets (driven by the reader's `ticket_unread` rows) and the count. */
export async function unreadTickets(db: Db, user: AuthUser): Promise<UnreadTickets> {
  const reader = readerOf(user);
  const [rows, n] = await Promise.all([
    selectTickets(db, reader)
      .innerJoin(
        ticketUnread,
        and(
          eq(ticketUnread.courierId, tickets.courierId),
          eq(ticketUnread.ticketId, tickets.id),
          eq(ticketUnread.readerKind, reader.kind),
          eq(ticketUnread.readerId, reader.id),
        ),
      )
      .where(scopeOf(user))
      .orderBy(desc(ticketUnread.since), desc(tickets.id))
      .limit(BELL_LIST_LIMIT),
    unreadCount(db, user),
  ]);
  return { tickets: rows.map(toTicket), unreadCount: n };
}
