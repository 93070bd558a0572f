import { type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { BELL_LIST_LIMIT, TICKET_MESSAGES, TICKET_STATUSES } from '@courier/shared/schemas/tickets';
import type {
  CreateTicketInput,
  Ticket,
  TicketMessage,
  TicketStatus,
  TicketWithMessages,
  UnreadTickets,
} from '@courier/shared/schemas/tickets';
import { BELL_BADGE_CAP } from '@courier/shared/constants/limits';
import type { ListQuery, Page } from '@courier/shared/schemas/common';
import type { Db } from '../../db/client';
import { nextCounter } from '../../db/counters';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { type TicketAttachment, ticketMessages } from '../../db/schema/ticket-messages';
import { ticketReads } from '../../db/schema/ticket-reads';
import { ticketUnread } from '../../db/schema/ticket-unread';
import { tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { courierListCondition } from '../../lib/courier-scope';
import { AppError } from '../../lib/errors';
import { type ListSpec, listClauses, listPage } from '../../lib/list-query';
import type { AuthUser } from '../../plugins/auth';
import { notify } from '../notifications/notify';
import { type SavedAttachment, TICKET_FOLDER, attachmentUrl } from './ticket-attachments';
import { enqueueTicketAnsweredEmail } from './ticket-emails';
import type { AppContext } from '../../context';
import type { Storage } from '../../lib/storage';

/** Who is reading: each staff member and each customer keeps their own read markers. */
interface Reader {
  kind: 'user' | 'customer';
  id: number;
}

function readerOf(user: AuthUser): Reader {
  return { kind: user.kind === 'customer' ? 'customer' : 'user', id: user.id };
}

/** A ticket is unread for a reader while their `ticket_unread` row exists (the other side wrote since they last opened it). */
function unreadFor(reader: Reader): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${ticketUnread}
    where ${ticketUnread.courierId} = ${tickets.courierId}
      and ${ticketUnread.readerKind} = ${reader.kind}
      and ${ticketUnread.readerId} = ${reader.id}
      and ${ticketUnread.ticketId} = ${tickets.id})`;
}

/**
 * The counts only ever show as 99+ (bell) or 9+ (badges), so counting stops at 100: with the
 * reader's rows leading the primary key, the cost is bounded whatever the number of tickets.
 */
export const UNREAD_COUNT_LIMIT = BELL_BADGE_CAP + 1;

/** The other side posted: the ticket becomes unread for the readers on that side. */
async function markUnreadForOthers(db: Db, ticket: { id: number; courierId: number; customerId: number }, author: Reader): Promise<void> {
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

const messageCount = sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id})`;

function ticketColumns(reader: Reader) {
  return {
    id: tickets.id,
    ticketNo: tickets.ticketNo,
    subject: tickets.subject,
    status: tickets.status,
    department: tickets.department,
    courierId: tickets.courierId,
    courierName: couriers.name,
    customerId: tickets.customerId,
    firstName: customers.firstName,
    lastName: customers.lastName,
    mailboxNumber: customers.mailboxNumber,
    unread: unreadFor(reader),
    messageCount,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
  };
}

type TicketRow = {
  id: number;
  ticketNo: string;
  subject: string;
  status: TicketStatus;
  department: string;
  courierId: number;
  courierName: string;
  customerId: number;
  firstName: string;
  lastName: string;
  mailboxNumber: string;
  unread: boolean;
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
};

function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    ticket_no: row.ticketNo,
    subject: row.subject,
    status: row.status,
    department: row.department,
    courier: { id: row.courierId, name: row.courierName },
    customer: { id: row.customerId, firstName: row.firstName, lastName: row.lastName, mailboxNumber: row.mailboxNumber },
    unread: Boolean(row.unread),
    messageCount: Number(row.messageCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectTickets(db: Db, reader: Reader) {
  return db
    .select(ticketColumns(reader))
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .innerJoin(couriers, eq(couriers.id, tickets.courierId));
}

/** The conditions that keep a caller inside their tickets: the customer's own, the staff's courier. */
function scopeOf(user: AuthUser, requestedCourier?: number): SQL | undefined {
  if (user.kind === 'customer') return and(eq(tickets.courierId, user.courierId ?? -1), eq(tickets.customerId, user.id));
  return courierListCondition(user, tickets.courierId, requestedCourier);
}

async function messagesOf(db: Db, ticketIds: number[]): Promise<Map<number, TicketMessage[]>> {
  const out = new Map<number, TicketMessage[]>();
  if (ticketIds.length === 0) return out;
  const rows = await db
    .select({
      id: ticketMessages.id,
      ticketId: ticketMessages.ticketId,
      userId: ticketMessages.userId,
      customerId: ticketMessages.customerId,
      body: ticketMessages.body,
      attachments: ticketMessages.attachments,
      createdAt: ticketMessages.createdAt,
      staffFirst: users.firstName,
      staffLast: users.lastName,
      customerFirst: customers.firstName,
      customerLast: customers.lastName,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.userId))
    .leftJoin(customers, eq(customers.id, ticketMessages.customerId))
    .where(inArray(ticketMessages.ticketId, ticketIds))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  for (const row of rows) {
    const staff = row.userId !== null;
    const name = staff
      ? `${row.staffFirst ?? ''} ${row.staffLast ?? ''}`.trim()
      : `${row.customerFirst ?? ''} ${row.customerLast ?? ''}`.trim();
    const list = out.get(row.ticketId) ?? [];
    list.push({
      id: row.id,
      user_id: row.userId,
      customer_id: row.customerId,
      author: { name: name || (staff ? 'Support' : 'Customer'), kind: staff ? 'staff' : 'customer' },
      message: row.body,
      attachments: row.attachments,
      createdAt: row.createdAt.toISOString(),
    });
    out.set(row.ticketId, list);
  }
  return out;
}

/** Moves a reader's marker to the newest message of the ticket (timestamps compared in SQL, to the microsecond). */
async function markRead(db: Db, reader: Reader, ticket: { id: number; courierId: number }): Promise<void> {
  const [latest] = await db
    .select({ id: ticketMessages.id, at: sql<string>`${ticketMessages.createdAt}::text` })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticket.id))
    .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
    .limit(1);
  if (!latest) return;
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
}

function toAttachments(ticketId: number, files: SavedAttachment[]): TicketAttachment[] {
  return files.map((f) => ({ name: f.originalName, url: attachmentUrl(ticketId, f.fileName), size: f.size, contentType: f.contentType }));
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

async function findTicket(db: Db, user: AuthUser, id: number) {
  const [row] = await selectTickets(db, readerOf(user))
    .where(and(eq(tickets.id, id), scopeOf(user)))
    .limit(1);
  // Another courier's or another customer's ticket answers exactly like a missing one.
  if (!row) throw new AppError('not_found', TICKET_MESSAGES.notFound);
  return row;
}

/** One ticket with its messages; opening it moves the caller's read marker. */
export async function getTicket(db: Db, user: AuthUser, id: number, options = { markAsRead: true }): Promise<TicketWithMessages> {
  const row = await findTicket(db, user, id);
  const messages = (await messagesOf(db, [row.id])).get(row.id) ?? [];
  if (options.markAsRead) {
    await markRead(db, readerOf(user), row);
    row.unread = false;
  }
  return { ...toTicket(row), messages };
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
    await tx.insert(ticketMessages).values({
      courierId: row.courierId,
      ticketId: row.id,
      userId: staff ? user.id : null,
      customerId: staff ? null : user.id,
      body,
      attachments: toAttachments(row.id, files),
    });
    await tx
      .update(tickets)
      .set({ status, updatedAt: sql`now()`, ...(staff ? { lastStaffMessageAt: sql`now()` } : { lastCustomerMessageAt: sql`now()` }) })
      .where(eq(tickets.id, row.id));
    await markRead(tx as unknown as Db, readerOf(user), row);
    await markUnreadForOthers(tx as unknown as Db, row, readerOf(user));
    if (staff) await enqueueTicketAnsweredEmail(tx as unknown as Db, ctx, row, body);
  });
  return getTicket(db, user, id, { markAsRead: false });
}

export async function setTicketStatus(db: Db, user: AuthUser, id: number, status: TicketStatus): Promise<TicketWithMessages> {
  const row = await findTicket(db, user, id);
  await db.update(tickets).set({ status, updatedAt: sql`now()` }).where(eq(tickets.id, row.id));
  return getTicket(db, user, id, { markAsRead: false });
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

/**
 * Part 2 §7: the staff-side unread count, one query on the reader's own `ticket_unread` rows,
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

/** Part 2 §7: the bell's newest unread tickets (driven by the reader's `ticket_unread` rows) and the count. */
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

/** Part 2 §7: a customer's tickets with their messages; a customer may only ask for their own id. */
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
