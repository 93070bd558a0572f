import { customerBadgeCount } from '@courier/shared/constants/tickets';
import { useSession } from '@/lib/session';
import { useCustomerTickets, useUnreadTicketCount } from '../api/tickets';
import { useTicketLiveStream } from '../api/use-live';

/** Staff-side users who may open tickets see the bell and the sidebar count. */
export function useCanSeeTickets(): boolean {
  const { user } = useSession();
  if (!user || user.kind === 'customer') return false;
  return user.role.name === 'super_admin' || user.permissions.includes('tickets_view');
}

/**
 * The admin and staff sidebar badge: the unread count (shown capped at 9+). The portal's layout
 * calls it once, so it also holds the person's live stream (polling every 30 s while it is down).
 */
export function useSidebarTicketBadge(): number {
  const enabled = useCanSeeTickets();
  useTicketLiveStream(enabled ? 'staff' : null);
  const query = useUnreadTicketCount(enabled);
  return enabled ? (query.data?.unreadCount ?? 0) : 0;
}

/**
 * The customer badge: tickets with at least one staff message, shown capped at 9+; it holds the
 * live stream too. Nothing is asked while `start` is false.
 */
export function useCustomerTicketBadge(start = true): number {
  const { user } = useSession();
  const customerId = start && user?.kind === 'customer' ? user.id : undefined;
  useTicketLiveStream(customerId === undefined ? null : 'customer');
  const query = useCustomerTickets(customerId, true);
  return query.data ? customerBadgeCount(query.data.data) : 0;
}
