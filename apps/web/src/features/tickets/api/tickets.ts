import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_TICKET_PAGE_LIMIT, TICKET_POLL_MS } from '@courier/shared/constants/limits';
import type { Page } from '@courier/shared/schemas/common';
import { TICKET_ATTACHMENT_FIELD } from '@courier/shared/constants/tickets';
import type { CreateTicketInput, Ticket, TicketStatus, TicketWithMessages, UnreadTickets } from '@courier/shared/schemas/tickets';
import { useCallback, useRef } from 'react';
import { api } from '@/lib/api-client';
import { TYPING_EVERY_MS } from './live';

import type { ListQueryParams } from '@/lib/list-query';
import { ticketKeys } from './keys';
import { useLiveStatus } from './use-live';

/** Polling stands in while the live stream is down. */
function usePollEvery(enabled = true): number | false {
  return useLiveStatus() === 'live' || !enabled ? false : TICKET_POLL_MS;
}

/** The bell's list, polled every 30 s for non-customers while the live stream is down. */
export function useUnreadTickets(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.unread,
    queryFn: ({ signal }) => api.get<UnreadTickets>('/tickets/unread', { signal }),
    enabled,
    refetchInterval: usePollEvery(),
    staleTime: 0,
  });
}

/** The sidebar count of admin and staff, every 30 s while the live stream is down. */
export function useUnreadTicketCount(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.unreadCount,
    queryFn: ({ signal }) => api.get<{ unreadCount: number }>('/tickets/unread/count', { signal }),
    enabled,
    refetchInterval: usePollEvery(),
    staleTime: 0,
  });
}

/** A customer's tickets with messages, page 1, limit 100. */
export function useCustomerTickets(customerId: number | undefined, poll = false) {
  const every = usePollEvery(poll);
  return useQuery({
    queryKey: ticketKeys.customer(customerId),
    queryFn: ({ signal }) =>
      api.get<{ data: TicketWithMessages[]; total: number }>(`/tickets/customer/${customerId}`, {
        query: { page: 1, limit: CUSTOMER_TICKET_PAGE_LIMIT },
        signal,
      }),
    enabled: customerId !== undefined,
    refetchInterval: every,
  });
}

export function useTickets(query: ListQueryParams, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<Ticket>>('/tickets', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One ticket's thread; new messages come by the live stream, or every 30 s while it is down. */
export function useTicket(id: number | null) {
  const client = useQueryClient();
  const every = usePollEvery();
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: async ({ signal }) => {
      const ticket = await api.get<TicketWithMessages>(`/tickets/${id}`, { signal });
      // Opening moved this reader's marker: the bell, the badges and the lists change.
      void client.invalidateQueries({ queryKey: ticketKeys.unread });
      void client.invalidateQueries({ queryKey: ticketKeys.unreadCount });
      void client.invalidateQueries({ queryKey: ticketKeys.customers });
      return ticket;
    },
    enabled: id !== null,
    refetchInterval: every,
  });
}

function useTicketMutation<TInput>(call: (input: TInput) => Promise<TicketWithMessages>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (ticket) => {
      client.setQueryData(ticketKeys.detail(ticket.id), ticket);
      await client.invalidateQueries({ queryKey: ticketKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
}

/** JSON without files; with files, the same fields as a multipart form (the API reads either). */
function ticketBody(fields: Record<string, string>, files: File[]): Record<string, string> | FormData {
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(TICKET_ATTACHMENT_FIELD, file, file.name);
  return form;
}

export function useCreateTicket() {
  return useTicketMutation(({ input, files }: { input: CreateTicketInput; files: File[] }) =>
    api.post<TicketWithMessages>('/tickets', ticketBody(input, files)),
  );
}

export function useReplyTicket(id: number) {
  return useTicketMutation(({ message, files }: { message: string; files: File[] }) =>
    api.post<TicketWithMessages>(`/tickets/${id}/messages`, ticketBody({ message }, files)),
  );
}

export function useSetTicketStatus(id: number) {
  return useTicketMutation((status: TicketStatus) => api.patch<TicketWithMessages>(`/tickets/${id}/status`, { status }));
}

/** Tells the other side "… is typing", at most every few seconds, only while the stream is up. */
export function useSendTyping(id: number) {
  const live = useLiveStatus() === 'live';
  const last = useRef(0);
  return useCallback(() => {
    if (!live || Date.now() - last.current < TYPING_EVERY_MS) return;
    last.current = Date.now();
    api.post(`/tickets/${id}/typing`).catch(() => {});
  }, [id, live]);
}
