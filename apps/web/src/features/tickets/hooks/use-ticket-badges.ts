import { customerBadgeCount } from '@courier/shared/schemas/tickets';
import { useSession } from '@/lib/session';
import { useCustomerTickets, useUnreadTicketCount } from '../api/tickets';

/** Staff-side users who may open tickets see the bell and the sidebar count. */
export function useCanSeeTickets(): boolean {
  const { user } = useSession();
  if (!user || user.kind === 'customer') return false;
  return user.role.name === 'super_admin' || user.permissions.includes('tickets_view');
}

/** The admin and staff sidebar badge: the unread count, polled every 30 s (shown capped at 9+). */
export function useSidebarTicketBadge(): number {
  const enabled = useCanSeeTickets();
  const query = useUnreadTicketCount(enabled);
  return enabled ? (query.data?.unreadCount ?? 0) : 0;
}

/** The customer badge: tickets with at least one staff message, shown capped at 9+. */
export function useCustomerTicketBadge(): number {
  const { user } = useSession();
  const customerId = user?.kind === 'customer' ? user.id : undefined;
  const query = useCustomerTickets(customerId, true);
  return query.data ? customerBadgeCount(query.data.data) : 0;
}
