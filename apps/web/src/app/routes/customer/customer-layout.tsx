import {
  Bell,
  Calculator,
  CreditCard,
  FileSpreadsheet,
  FileText,
  HelpCircle,
  LayoutDashboard,
  Package,
  Truck,
  UserRound,
} from 'lucide-react';
import { type NavItem, PortalShell } from '@/components/layout/portal-shell';
import { useNotificationBadge, withNotificationBadge } from '@/features/communications/components/notification-badge';
import { withTicketBadge } from '@/features/tickets/components/ticket-nav-badge';
import { useCustomerTicketBadge } from '@/features/tickets/hooks/use-ticket-badges';
import { useSession } from '@/lib/session';

const base = '/customer';
/** Part 2 §2.3's pages. */
export const CUSTOMER_NAV: NavItem[] = [
  { label: 'Dashboard', to: `${base}/dashboard`, icon: LayoutDashboard },
  { label: 'Packages', to: `${base}/packages`, icon: Package },
  { label: 'Delivery Requests', to: `${base}/delivery-requests`, icon: Truck },
  { label: 'Invoices', to: `${base}/invoices`, icon: FileText },
  { label: 'Payments', to: `${base}/payments`, icon: CreditCard },
  { label: 'Customs Calculator', to: `${base}/customs-calculator`, icon: Calculator },
  { label: 'Rate Sheet', to: `${base}/rate-sheet`, icon: FileSpreadsheet },
  { label: 'Support Tickets', to: `${base}/support-tickets`, icon: HelpCircle },
  // Issue 17: the customer's own feed (invoices, payments, ticket answers, deliveries, packages).
  { label: 'Notifications', to: `${base}/notifications`, icon: Bell },
  { label: 'Profile', to: `${base}/profile`, icon: UserRound },
];

/** The header lines of part 2 §2.3: name, account type, then business and courier names when present. */
export function customerHeaderLines(user: {
  firstName: string;
  lastName: string;
  accountType?: string;
  businessName?: string | null;
  courier: { name: string } | null;
}): string[] {
  return [
    `${user.firstName} ${user.lastName}`.trim(),
    user.accountType === 'business' ? 'Business Account' : 'Individual Account',
    user.businessName ?? '',
    user.courier?.name ?? '',
  ].filter((l) => l !== '');
}

export function CustomerLayout() {
  const { user } = useSession();
  const ticketBadge = useCustomerTicketBadge();
  const notificationBadge = useNotificationBadge();
  return (
    <PortalShell
      portalName="Customer"
      nav={withNotificationBadge(withTicketBadge(CUSTOMER_NAV, ticketBadge), notificationBadge)}
      headerLines={user ? customerHeaderLines(user) : []}
      logoUrl={user?.courier?.logo_url}
      logoAlt={user?.courier?.name ?? 'Courier'}
    />
  );
}
