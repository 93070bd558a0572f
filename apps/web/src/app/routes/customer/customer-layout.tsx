import {
  Bell,
  Boxes,
  ShoppingBag,
  Calculator,
  CreditCard,
  FileSpreadsheet,
  FileText,
  HelpCircle,
  LayoutDashboard,
  Package,
  Truck,
  UserRound,
  Gift,
  Wallet,
  PlaneLanding,
} from 'lucide-react';
import { useLocation } from 'react-router';
import { CommandPalette } from '@/features/search/components/command-palette';
import { type NavItem, PortalShell } from '@/components/layout/portal-shell';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { FramedPortalRefused, OpenInOwnTab, useFramedPortal } from '@/features/auth/components/framed-portal';
import { useNotificationBadge, withNotificationBadge } from '@/features/communications/components/notification-badge';
import { withTicketBadge } from '@/features/tickets/components/ticket-nav-badge';
import { useCustomerTicketBadge } from '@/features/tickets/hooks/use-ticket-badges';
import { useCustomerApp } from '@/lib/customer-app';
import { useSession } from '@/lib/session';
import { useWhenIdle } from '@/lib/when-idle';

const base = '/customer';
/** The customer's pages, in the sidebar's sections; Profile stays pinned at the bottom. */
export const CUSTOMER_NAV: NavItem[] = [
  { label: 'Dashboard', to: `${base}/dashboard`, icon: LayoutDashboard },
  { label: 'Packages', to: `${base}/packages`, icon: Package, section: 'Shipping' },
  { label: 'Delivery Requests', to: `${base}/delivery-requests`, icon: Truck, section: 'Shipping' },
  { label: 'Consolidation', to: `${base}/consolidations`, icon: Boxes, section: 'Shipping' },
  { label: 'Shop For Me', to: `${base}/shop-requests`, icon: ShoppingBag, section: 'Shipping' },
  { label: 'Customs Calculator', to: `${base}/customs-calculator`, icon: Calculator, section: 'Shipping' },
  { label: 'Invoices', to: `${base}/invoices`, icon: FileText, section: 'Billing' },
  { label: 'Payments', to: `${base}/payments`, icon: CreditCard, section: 'Billing' },
  { label: 'Account Credit', to: `${base}/credit`, icon: Gift, section: 'Billing' },
  { label: 'Cards & Autopay', to: `${base}/cards`, icon: Wallet, section: 'Billing' },
  { label: 'Pay Before Arrival', to: `${base}/pay-ahead`, icon: PlaneLanding, section: 'Billing' },
  { label: 'Rate Sheet', to: `${base}/rate-sheet`, icon: FileSpreadsheet, section: 'Billing' },
  { label: 'Support Tickets', to: `${base}/support-tickets`, icon: HelpCircle, section: 'Support' },
  // The customer's own feed (invoices, payments, ticket answers, deliveries, packages).
  { label: 'Notifications', to: `${base}/notifications`, icon: Bell, section: 'Support' },
  { label: 'Profile', to: `${base}/profile`, icon: UserRound, pinned: true },
];

/** The header lines: name, account type, then business and courier names when present. */
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
  // The badge counts, the live stream and the offline app start after the page's first paint.
  const idle = useWhenIdle();
  const ticketBadge = useCustomerTicketBadge(idle);
  const notificationBadge = useNotificationBadge(idle);
  const frame = useFramedPortal();
  const location = useLocation();
  useCustomerApp(idle ? user?.courier?.code : undefined, location.pathname);
  if (frame.state === 'checking') return <FullScreenSpinner />;
  if (frame.state === 'refused') return <FramedPortalRefused courierName={user?.courier?.name ?? 'Your courier'} />;
  return (
    <PortalShell
      notice={frame.storageRefused ? <OpenInOwnTab /> : undefined}
      portalName="Customer"
      nav={withNotificationBadge(withTicketBadge(CUSTOMER_NAV, ticketBadge), notificationBadge)}
      search={(nav) => <CommandPalette nav={nav} />}
      headerLines={user ? customerHeaderLines(user) : []}
      logoUrl={user?.courier?.logo_url}
      accent={user?.courier?.accent_color}
      logoAlt={user?.courier?.name ?? 'Courier'}
    />
  );
}
