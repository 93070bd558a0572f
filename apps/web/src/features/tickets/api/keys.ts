import type { ListQueryParams } from '@/lib/list-query';

/** Every query key of tickets (the bell, the counts, the lists and one ticket's thread). */
export const ticketKeys = {
  all: ['tickets'] as const,
  unread: ['tickets', 'unread'] as const,
  unreadCount: ['tickets', 'unread-count'] as const,
  customers: ['tickets', 'customer'] as const,
  customer: (customerId: number | undefined) => ['tickets', 'customer', customerId] as const,
  list: (query: ListQueryParams) => ['tickets', 'list', query] as const,
  detail: (id: number | null) => ['tickets', 'detail', id] as const,
};
