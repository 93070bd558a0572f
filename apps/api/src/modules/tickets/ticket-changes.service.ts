import { eq, sql } from 'drizzle-orm';
import type { CreateTicketInput, TicketStatus, TicketWithMessages } from '@courier/shared/schemas/tickets';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { type TicketAttachment, ticketMessages } from '../../db/schema/ticket-messages';
import { tickets } from '../../db/schema/tickets';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { notify } from '../notifications/index';
import { type SavedAttachment, attachmentUrl } from './ticket-attachments';
import { enqueueTicketAnsweredEmail } from './ticket-emails';
import type { AppContext } from '../../context';
import { getTicket } from './ticket-queries.service';
import { markRead, markUnreadForOthers, readerOf } from './ticket-read-markers';
import { findTicket } from './ticket-rows';
import { publishTicketChange } from './ticket-live.service';

// A customer opens a ticket, either side replies, staff set its status.

export function formatTicketNo(n: number): string {
  return `TKT-${String(n).padStart(6, '0')}`;
}

/** A customer opens a ticket; the courier's staff get a `new_ticket` notification in the same transaction. */
export async function createTicket(
  db: Db,
  user: AuthUser,
  input: CreateTicketInput,
  files: SavedAttachment[] = [],
): Promise<TicketWithMessages> {
  if (user.kind !== 'customer' || user.courierId === null) throw new AppError('forbidden', 'Only customers open tickets');
  const courierId = user.courierId;
  const id = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const ticketNo = formatTicketNo(await nextCounter(txDb, courierId, 'ticket'));
    const [ticket] = await tx
      .insert(tickets)
      .values({
        courierId,
        ticketNo,
        customerId: user.id,
        subject: input.subject,
        department: input.department,
        lastCustomerMessageAt: sql`now()`,
      })
      .returning({ id: tickets.id });
    if (!ticket) throw new Error('Ticket insert returned nothing');
    await tx
      .insert(ticketMessages)
      .values({ courierId, ticketId: ticket.id, customerId: user.id, body: input.message, attachments: toAttachments(ticket.id, files) });
    await markRead(txDb, readerOf(user), { id: ticket.id, courierId });
    await markUnreadForOthers(txDb, { id: ticket.id, courierId, customerId: user.id }, readerOf(user));
    await publishTicketChange(txDb, user, { id: ticket.id, courierId, customerId: user.id }, 'message');
    await notify(txDb, {
      courierId,
      type: 'new_ticket',
      title: `New ticket ${ticketNo}`,
      body: input.subject,
      target: { kind: 'ticket', ref: ticketNo },
    });
    return ticket.id;
  });
  return getTicket(db, user, id, { markAsRead: false });
}

/**
 * Where a reply moves the ticket: staff answering a new ticket start work on it, and a customer
 * writing on a resolved ticket reopens it. Any other status is left as staff set it.
 */
export function statusAfterReply(current: TicketStatus, by: 'staff' | 'customer'): TicketStatus {
  if (by === 'staff' && current === 'Pending') return 'In Progress';
  if (by === 'customer' && current === 'Resolved') return 'Pending';
  return current;
}

export async function replyToTicket(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: string,
  files: SavedAttachment[] = [],
): Promise<TicketWithMessages> {
  const db = ctx.db;
  const row = await findTicket(db, user, id);
  const staff = user.kind === 'user';
  const status = statusAfterReply(row.status, staff ? 'staff' : 'customer');
  await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(ticketMessages)
      .values({
        courierId: row.courierId,
        ticketId: row.id,
        userId: staff ? user.id : null,
        customerId: staff ? null : user.id,
        body,
        attachments: toAttachments(row.id, files),
      })
      .returning({ id: ticketMessages.id });
    await tx
      .update(tickets)
      .set({ status, updatedAt: sql`now()`, ...(staff ? { lastStaffMessageAt: sql`now()` } : { lastCustomerMessageAt: sql`now()` }) })
      .where(eq(tickets.id, row.id));
    await markRead(tx as unknown as Db, readerOf(user), row);
    await markUnreadForOthers(tx as unknown as Db, row, readerOf(user));
    if (staff) await enqueueTicketAnsweredEmail(tx as unknown as Db, ctx, row, body);
    // Delivered to the open streams at the commit, never for a rolled-back reply.
    await publishTicketChange(tx as unknown as Db, user, row, 'message', message?.id);
  });
  return getTicket(db, user, id, { markAsRead: false });
}

export async function setTicketStatus(db: Db, user: AuthUser, id: number, status: TicketStatus): Promise<TicketWithMessages> {
  const row = await findTicket(db, user, id);
  await db.transaction(async (tx) => {
    await tx.update(tickets).set({ status, updatedAt: sql`now()` }).where(eq(tickets.id, row.id));
    await publishTicketChange(tx as unknown as Db, user, row, 'status');
  });
  return getTicket(db, user, id, { markAsRead: false });
}

function toAttachments(ticketId: number, files: SavedAttachment[]): TicketAttachment[] {
  return files.map((f) => ({ name: f.originalName, url: attachmentUrl(ticketId, f.fileName), size: f.size, contentType: f.contentType }));
}
