import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketMessages } from '../../db/schema/ticket-messages';
import { ticketReads } from '../../db/schema/ticket-reads';
import { ticketUnread } from '../../db/schema/ticket-unread';
import { tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../plugins/auth';

/** Who is reading: each staff member and each customer keeps their own read markers. */
export interface Reader {
  kind: 'user' | 'customer';
  id: number;
}

export function readerOf(user: AuthUser): Reader {
  return { kind: user.kind === 'customer' ? 'customer' : 'user', id: user.id };
}

/** A ticket is unread for a reader while their `ticket_unread` row exists (the other side wrote since they last opened it). */
export function unreadFor(reader: Reader): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${ticketUnread}
    where ${ticketUnread.courierId} = ${tickets.courierId}
      and ${ticketUnread.readerKind} = ${reader.kind}
      and ${ticketUnread.readerId} = ${reader.id}
      and ${ticketUnread.ticketId} = ${tickets.id})`;
}

/** The other side posted: the ticket becomes unread for the readers on that side. */
export async function markUnreadForOthers(
  db: Db,
  ticket: { id: number; courierId: number; customerId: number },
  author: Reader,
): Promise<void> {
  if (author.kind === 'customer') {
    // Every staff-side account of the courier, and the super admins, who see all couriers' tickets.
    await db.execute(sql`
      insert into ${ticketUnread} (courier_id, reader_kind, reader_id, ticket_id)
      select ${ticket.courierId}, 'user', ${users.id}, ${ticket.id} from ${users}
      where ${users.active} and (${users.courierId} = ${ticket.courierId} or ${users.role} = 'super_admin')
      on conflict do nothing`);
  } else {
    await db
      .insert(ticketUnread)
      .values({ courierId: ticket.courierId, readerKind: 'customer', readerId: ticket.customerId, ticketId: ticket.id })
      .onConflictDoNothing();
  }
}

/**
 * Moves a reader's marker to the newest message of the ticket (timestamps compared in SQL, to the
 * microsecond); answers that message's id (null for a ticket without messages).
 */
export async function markRead(db: Db, reader: Reader, ticket: { id: number; courierId: number }): Promise<number | null> {
  const [latest] = await db
    .select({ id: ticketMessages.id, at: sql<string>`${ticketMessages.createdAt}::text` })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticket.id))
    .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
    .limit(1);
  if (!latest) return null;
  const at = sql`${latest.at}::timestamptz`;
  await db
    .insert(ticketReads)
    .values({
      courierId: ticket.courierId,
      ticketId: ticket.id,
      readerKind: reader.kind,
      readerId: reader.id,
      lastReadAt: at,
      lastReadMessageId: latest.id,
    })
    .onConflictDoUpdate({
      target: [ticketReads.courierId, ticketReads.readerKind, ticketReads.readerId, ticketReads.ticketId],
      set: { lastReadAt: sql`greatest(${ticketReads.lastReadAt}, excluded.last_read_at)`, lastReadMessageId: latest.id },
    });
  await db
    .delete(ticketUnread)
    .where(
      and(
        eq(ticketUnread.courierId, ticket.courierId),
        eq(ticketUnread.readerKind, reader.kind),
        eq(ticketUnread.readerId, reader.id),
        eq(ticketUnread.ticketId, ticket.id),
      ),
    );
  return latest.id;
}
