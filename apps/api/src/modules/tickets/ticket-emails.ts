import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { tellCustomer } from '../notifications/index';

export interface AnsweredTicket {
  id: number;
  ticketNo: string;
  subject: string;
  courierId: number;
  courierName: string;
  customerId: number;
}

/**
 * Tells the customer that staff answered their ticket, with the reply itself, so they need not
 * sign in to read it. Enqueued inside the reply's transaction: no reply, no e-mail.
 */
export async function enqueueTicketAnsweredEmail(db: Db, ctx: AppContext, ticket: AnsweredTicket, reply: string): Promise<void> {
  const [customer] = await db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, ticket.customerId));
  if (!customer) return;
  // The customer's tickets page opens the ticket its number names.
  const link = await ctx.mailer.link(ticket.courierId, `/customer/support-tickets?ticket=${encodeURIComponent(ticket.ticketNo)}`, db);
  const greeting = `Hello ${customer.firstName},`;
  const intro = `We have answered your support ticket ${ticket.ticketNo} (${ticket.subject}):`;
  const text = [greeting, '', intro, '', reply, '', `Read the conversation and reply: ${link}`, '', ticket.courierName].join('\n');
  await tellCustomer(db, ctx.mailer, {
    kind: 'ticket_answered',
    courierId: ticket.courierId,
    customerId: ticket.customerId,
    notice: { title: `Reply to ticket ${ticket.ticketNo}`, body: ticket.subject, target: { kind: 'ticket', ref: ticket.ticketNo } },
    mail: { to: customer.email, subject: `${ticket.courierName}: reply to ${ticket.ticketNo}`, text },
  });
}
