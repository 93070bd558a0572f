/*
 * The zod-free part of the tickets area, which every portal's sidebar badge reads on its first
 * paint; ../schemas/tickets re-exports both, so the server and the tests import from there.
 */

/** The multipart field of a ticket message's files. */
export const TICKET_ATTACHMENT_FIELD = 'attachments';

/**
 * The customer badge counts tickets with at least one staff message; of those, only the
 * ones the customer has not read since staff last wrote, so the badge clears once they read it.
 */
export function customerBadgeCount(
  tickets: ReadonlyArray<{ unread: boolean; messages: ReadonlyArray<{ user_id: number | null }> }>,
): number {
  return tickets.filter((t) => t.unread && t.messages.some((m) => m.user_id !== null)).length;
}
