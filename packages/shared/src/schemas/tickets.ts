import { z } from 'zod';
import { CUSTOMER_TICKET_PAGE_LIMIT } from '../constants/limits';
import { rowTimeZoneSchema } from './common';

/** The statuses a ticket shows (labels and colours in format/status.ts). */
export const TICKET_STATUSES = ['Pending', 'In Progress', 'Resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_DEPARTMENTS = ['General Inquiry', 'Packages', 'Billing', 'Customs', 'Delivery', 'Technical Support'] as const;
export type TicketDepartment = (typeof TICKET_DEPARTMENTS)[number];

export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_FILES = 3;
/** Checked by content on the server; the browser's list only guides the file picker. */
export const TICKET_ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const TICKET_ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export { TICKET_ATTACHMENT_FIELD, customerBadgeCount } from '../constants/tickets';
/** How many unread tickets the bell lists; the count covers them all. */
export const BELL_LIST_LIMIT = 10;

export const TICKET_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  subjectTooLong: 'Subject must be at most 200 characters',
  departmentRequired: 'Please choose a department',
  messageRequired: 'Please enter a message',
  messageTooLong: 'Message must be at most 5000 characters',
  attachmentType: 'Attachments must be PDF, JPG or PNG files',
  attachmentSize: 'Each attachment must be less than 10MB',
  attachmentCount: 'Attach at most 3 files',
  notFound: 'Ticket not found',
  created: 'Ticket created successfully',
  replied: 'Reply sent',
  statusChanged: 'Ticket status updated',
  noUnread: 'No unread tickets',
  viewAll: 'View All Tickets',
} as const;

const message = z.string().trim().min(1, TICKET_MESSAGES.messageRequired).max(5000, TICKET_MESSAGES.messageTooLong);

export const createTicketSchema = z.strictObject({
  subject: z.string().trim().min(1, TICKET_MESSAGES.subjectRequired).max(200, TICKET_MESSAGES.subjectTooLong),
  department: z.enum(TICKET_DEPARTMENTS, { message: TICKET_MESSAGES.departmentRequired }),
  message,
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

export const replyTicketSchema = z.strictObject({ message });
export type ReplyTicketInput = z.infer<typeof replyTicketSchema>;

export const ticketStatusSchema = z.strictObject({ status: z.enum(TICKET_STATUSES) });

export const ticketAttachmentSchema = z.object({
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});

/** `user_id` on staff-written messages, `customer_id` on the customer's. */
export const ticketMessageSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  author: z.object({ name: z.string(), kind: z.enum(['staff', 'customer']) }),
  message: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z.object({
  id: z.number().int(),
  ticket_no: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  department: z.string(),
  courier: z.object({ id: z.number().int(), name: z.string() }),
  timeZone: rowTimeZoneSchema,
  customer: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), mailboxNumber: z.string() }),
  /** For the reader asking: a message from the other side arrived after they last read it. */
  unread: z.boolean(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketWithMessagesSchema = ticketSchema.extend({
  messages: z.array(ticketMessageSchema),
  /** The newest message the other side has read ("Seen"); given with one ticket, not in lists. */
  seenUpTo: z.number().int().nullable().optional(),
});
export type TicketWithMessages = z.infer<typeof ticketWithMessagesSchema>;

export const unreadTicketsSchema = z.object({ tickets: z.array(ticketSchema), unreadCount: z.number().int() });
export type UnreadTickets = z.infer<typeof unreadTicketsSchema>;
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

export const customerTicketsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_TICKET_PAGE_LIMIT).default(CUSTOMER_TICKET_PAGE_LIMIT),
});
export const customerTicketsSchema = z.object({
  data: z.array(ticketWithMessagesSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Badge caps render as 99+ / 9+. */
export function capBadge(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}

/**
 * The browser's early check of chosen attachments (count, size, declared type), with the same
 * messages the API gives; the API decides by the files' content.
 */
export function ticketFilesError(files: ReadonlyArray<{ size: number; type: string; name: string }>): string | null {
  if (files.length > TICKET_ATTACHMENT_MAX_FILES) return TICKET_MESSAGES.attachmentCount;
  for (const f of files) {
    const byName = /\.(pdf|jpe?g|png)$/i.test(f.name);
    if (!(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(f.type) && !byName) return TICKET_MESSAGES.attachmentType;
    if (f.size > TICKET_ATTACHMENT_MAX_BYTES) return TICKET_MESSAGES.attachmentSize;
  }
  return null;
}
