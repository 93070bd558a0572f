import { SIDEBAR_BADGE_CAP } from '@courier/shared/constants/limits';
import type { NavItem } from '@/components/layout/portal-shell';
import { CountBadge } from '@/components/ui/badge';

/** Puts the ticket count (9+ cap) on the sidebar's Support Tickets item. */
export function withTicketBadge(nav: NavItem[], count: number): NavItem[] {
  return nav.map((item) =>
    item.to.endsWith('/support-tickets') ? { ...item, badge: <CountBadge count={count} cap={SIDEBAR_BADGE_CAP} /> } : item,
  );
}
