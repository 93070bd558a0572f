import { and, count, desc, eq, sql } from 'drizzle-orm';
import { TICKET_STATUSES } from '@courier/shared/schemas/tickets';
import type { Ticket, TicketWithMessages } from '@courier/shared/schemas/tickets';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { ticketMessages } from '../../db/schema/ticket-messages';
import { tickets } from '../../db/schema/tickets';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import { TICKET_FOLDER, attachmentUrl } from './ticket-attachments';
import type { Storage } from '../../lib/storage';
import { markRead, readerOf } from './ticket-read-markers';
import { publishTicketChange, seenByOtherSide } from './ticket-live.service';
import { findTicket, messagesOf, scopeOf, selectTickets, toTicket } from './ticket-rows';

/** One ticket with its messages; opening it moves the caller's read marker. */
export async function getTicket(db: Db, user: AuthUser, id: number, options = { markAsRead: true }): Promise<TicketWithMessages> {
  const row = await findTicket(db, user, id);
  const messages = (await messagesOf(db, [row.id])).get(row.id) ?? [];
  if (options.markAsRead) {
    const readUpTo = await markRead(db, readerOf(user), row);
    row.unread = false;
    // The other side sees "Seen" at once.
    if (readUpTo !== null) await publishTicketChange(db, user, row, 'read', readUpTo);
  }
  // "Seen" belongs to the thread as it is opened; the answer of a change leaves it to the next read.
  return { ...toTicket(row), messages, ...(options.markAsRead ? { seenUpTo: await seenByOtherSide(db, user, row) } : {}) };
}

const LIST_SPEC: ListSpec = {
  sortable: {
    ticket_no: tickets.ticketNo,
    subject: tickets.subject,
    status: tickets.status,
    department: tickets.department,
    customer: customers.lastName,
    courier: couriers.name,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
  },
  searchable: [tickets.ticketNo, tickets.subject, customers.firstName, customers.lastName, customers.mailboxNumber],
  filterable: {
    ticket_no: { column: tickets.ticketNo, kind: 'exact' },
    status: { column: tickets.status, kind: 'oneOf', values: TICKET_STATUSES },
    department: { column: tickets.department, kind: 'exact' },
    customerId: { column: tickets.customerId, kind: 'number' },
    courier: { column: couriers.name, kind: 'exact' },
  },
  defaultSort: { column: tickets.updatedAt, order: 'desc' },
  tieBreaker: tickets.id,
};

/** The staff list (or a customer's own list) with server-side paging, search, sort and filters. */
export async function listTickets(db: Db, user: AuthUser, query: ListQuery & { courierId?: number }): Promise<Page<Ticket>> {
  const reader = readerOf(user);
  const clauses = listClauses(query, LIST_SPEC, [scopeOf(user, query.courierId)]);
  return listPage(query, clauses, {
    rows: async (c) =>
      (
        await selectTickets(db, reader)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset)
      ).map(toTicket),
    count: async (where) => {
      const [r] = await db
        .select({ n: count() })
        .from(tickets)
        .innerJoin(customers, eq(customers.id, tickets.customerId))
        .innerJoin(couriers, eq(couriers.id, tickets.courierId))
        .where(where);
      return r?.n ?? 0;
    },
  });
}

/** A customer's tickets with their messages; a customer may only ask for their own id. */
export async function customerTickets(
  db: Db,
  user: AuthUser,
  customerId: number,
  page: number,
  limit: number,
): Promise<{ data: TicketWithMessages[]; total: number; page: number; limit: number }> {
  if (user.kind === 'customer' && user.id !== customerId) throw new AppError('not_found', 'Customer not found');
  const [customer] = await db
    .select({ id: customers.id, courierId: customers.courierId })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer || (user.role !== 'super_admin' && customer.courierId !== user.courierId)) {
    throw new AppError('not_found', 'Customer not found');
  }
  const where = and(eq(tickets.courierId, customer.courierId), eq(tickets.customerId, customer.id));
  const [rows, [total]] = await Promise.all([
    selectTickets(db, readerOf(user))
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  const messages = await messagesOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => ({ ...toTicket(r), messages: messages.get(r.id) ?? [] })), total: total?.n ?? 0, page, limit };
}

/**
 * An attachment of a ticket the caller may read (the ticket's own customer, the courier's staff
 * with tickets_view, the super admin); any other ticket or file answers like a missing one.
 */
export async function ticketAttachment(
  db: Db,
  storage: Storage,
  user: AuthUser,
  ticketId: number,
  fileName: string,
): Promise<{ data: Buffer; mime: string; name: string }> {
  const row = await findTicket(db, user, ticketId);
  const url = attachmentUrl(row.id, fileName);
  const messages = await db
    .select({ attachments: ticketMessages.attachments })
    .from(ticketMessages)
    .where(
      and(
        eq(ticketMessages.courierId, row.courierId),
        eq(ticketMessages.ticketId, row.id),
        sql`${ticketMessages.attachments} @> ${JSON.stringify([{ url }])}::jsonb`,
      ),
    )
    .limit(1);
  const meta = messages[0]?.attachments.find((a) => a.url === url);
  const data = meta ? await storage.read(TICKET_FOLDER, fileName) : null;
  if (!meta || !data) throw new AppError('not_found', 'Attachment not found');
  return { data, mime: meta.contentType, name: meta.name };
}
