import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TICKET_MESSAGES } from '@courier/shared/schemas/tickets';
import type { Ticket, TicketMessage, TicketStatus } from '@courier/shared/schemas/tickets';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { ticketMessages } from '../../db/schema/ticket-messages';
import { tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { courierListCondition } from '../../lib/courier-scope';
import { courierZoneColumn } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { type Reader, readerOf, unreadFor } from './ticket-read-markers';

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
    timeZone: courierZoneColumn,
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
  timeZone: string;
  customerId: number;
  firstName: string;
  lastName: string;
  mailboxNumber: string;
  unread: boolean;
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    ticket_no: row.ticketNo,
    subject: row.subject,
    status: row.status,
    department: row.department,
    courier: { id: row.courierId, name: row.courierName },
    timeZone: row.timeZone,
    customer: { id: row.customerId, firstName: row.firstName, lastName: row.lastName, mailboxNumber: row.mailboxNumber },
    unread: Boolean(row.unread),
    messageCount: Number(row.messageCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function selectTickets(db: Db, reader: Reader) {
  return db
    .select(ticketColumns(reader))
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .innerJoin(couriers, eq(couriers.id, tickets.courierId));
}

/** The conditions that keep a caller inside their tickets: the customer's own, the staff's courier. */
export function scopeOf(user: AuthUser, requestedCourier?: number): SQL | undefined {
  if (user.kind === 'customer') return and(eq(tickets.courierId, user.courierId ?? -1), eq(tickets.customerId, user.id));
  return courierListCondition(user, tickets.courierId, requestedCourier);
}

export async function messagesOf(db: Db, ticketIds: number[]): Promise<Map<number, TicketMessage[]>> {
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

export async function findTicket(db: Db, user: AuthUser, id: number) {
  const [row] = await selectTickets(db, readerOf(user))
    .where(and(eq(tickets.id, id), scopeOf(user)))
    .limit(1);
  // Another courier's or another customer's ticket answers exactly like a missing one.
  if (!row) throw new AppError('not_found', TICKET_MESSAGES.notFound);
  return row;
}
