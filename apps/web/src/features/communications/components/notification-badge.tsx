import { SIDEBAR_BADGE_CAP } from '@courier/shared/constants/limits';
import type { NavItem } from '@/components/layout/portal-shell';
import { CountBadge } from '@/components/ui/badge';
import { useSession } from '@/lib/session';
import { useNotificationUnreadCount } from '../api/communications';

/** Whether the reader has a notifications feed: customers, courier admins and staff (staff in the header bell). */
export function useHasNotificationFeed(): boolean {
  const { user } = useSession();
  return Boolean(user && user.role.name !== 'super_admin');
}

/** The reader's unread notifications, polled every 30 s; 0 for those without a feed (and nothing asked while `start` is false). */
export function useNotificationBadge(start = true): number {
  const enabled = useHasNotificationFeed() && start;
  const query = useNotificationUnreadCount(enabled);
  return enabled ? (query.data?.unreadCount ?? 0) : 0;
}

/** Puts the unread count (9+ cap) on the sidebar's Notifications item. */
export function withNotificationBadge(nav: NavItem[], count: number): NavItem[] {
  return nav.map((item) =>
    item.to.endsWith('/notifications') ? { ...item, badge: <CountBadge count={count} cap={SIDEBAR_BADGE_CAP} /> } : item,
  );
}
