import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_TICKET_PAGE_LIMIT, TICKET_POLL_MS } from '@courier/shared/constants/limits';
import type { Page } from '@courier/shared/schemas/common';
import {
  type CreateTicketInput,
  TICKET_ATTACHMENT_FIELD,
  type Ticket,
  type TicketStatus,
  type TicketWithMessages,
  type UnreadTickets,
} from '@courier/shared/schemas/tickets';
import { api } from '@/lib/api-client';

import type { ListQueryParams } from '@/lib/list-query';
import { ticketKeys } from './keys';

/** The bell's list, polled every 30 s for non-customers. */
export function useUnreadTickets(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.unread,
    queryFn: ({ signal }) => api.get<UnreadTickets>('/tickets/unread', { signal }),
    enabled,
    refetchInterval: TICKET_POLL_MS,
    staleTime: 0,
  });
}

/** The sidebar count of admin and staff, every 30 s. */
export function useUnreadTicketCount(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.unreadCount,
    queryFn: ({ signal }) => api.get<{ unreadCount: number }>('/tickets/unread/count', { signal }),
    enabled,
    refetchInterval: TICKET_POLL_MS,
    staleTime: 0,
  });
}

/** A customer's tickets with messages, page 1, limit 100. */
export function useCustomerTickets(customerId: number | undefined, poll = false) {
  return useQuery({
    queryKey: ticketKeys.customer(customerId),
    queryFn: ({ signal }) =>
      api.get<{ data: TicketWithMessages[]; total: number }>(`/tickets/customer/${customerId}`, {
        query: { page: 1, limit: CUSTOMER_TICKET_PAGE_LIMIT },
        signal,
      }),
    enabled: customerId !== undefined,
    refetchInterval: poll ? TICKET_POLL_MS : false,
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

export function useTicket(id: number | null) {
  const client = useQueryClient();
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
