import {
  ArrowLeftRight,
  Boxes,
  ShoppingBag,
  Inbox,
  BarChart3,
  Bell,
  Briefcase,
  Building2,
  ClipboardCheck,
  Clock,
  CreditCard,
  FileText,
  FileUp,
  HelpCircle,
  History,
  LayoutDashboard,
  Mail,
  MapPin,
  Package,
  PenLine,
  Plug,
  ScanLine,
  Settings,
  ShieldCheck,
  Ship,
  Truck,
  UserRound,
  Users,
  Gift,
  Undo2,
} from 'lucide-react';
import { ROLE_LABELS } from '@courier/shared/constants/roles';
import { CommandPalette } from '@/features/search/components/command-palette';
import { type NavItem, PortalShell } from '@/components/layout/portal-shell';
import { ImpersonationBanner } from '@/features/auth/components/impersonation-banner';
import { useNotificationBadge, withNotificationBadge } from '@/features/communications/components/notification-badge';
import { TicketBell } from '@/features/tickets/components/ticket-bell';
import { withTicketBadge } from '@/features/tickets/components/ticket-nav-badge';
import { useSidebarTicketBadge } from '@/features/tickets/hooks/use-ticket-badges';
import { useSession } from '@/lib/session';
import { useStationApp } from '@/lib/station-app';

const base = '/admin';
/**
 * The admin's pages, plus Signature (outside the layout, at /admin/sign-signature), grouped into
 * the sidebar's sections; Settings stays pinned at the bottom.
 */
export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: `${base}/dashboard`, icon: LayoutDashboard },
  { label: 'Scan', to: `${base}/scan`, icon: ScanLine, section: 'Operations' },
  { label: 'Packages', to: `${base}/packages`, icon: Package, section: 'Operations' },
  { label: 'Packages Delivery Request', to: `${base}/delivery-requests`, icon: Truck, section: 'Operations' },
  { label: 'Consolidations', to: `${base}/consolidations`, icon: Boxes, section: 'Operations' },
  { label: 'Returns & discards', to: `${base}/return-requests`, icon: Undo2, section: 'Operations' },
  { label: 'On the way', to: `${base}/carrier-tracking`, icon: Truck, section: 'Operations' },
  { label: 'Shop For Me', to: `${base}/shop-requests`, icon: ShoppingBag, section: 'Customers' },
  { label: 'Insurance claims', to: `${base}/insurance-claims`, icon: ShieldCheck, section: 'Customers' },
  { label: 'Delivery Locations', to: `${base}/delivery-locations`, icon: MapPin, section: 'Operations' },
  { label: 'Unknown Packages', to: `${base}/unknown-packages`, icon: HelpCircle, section: 'Operations' },
  { label: 'Import Packages', to: `${base}/package-import`, icon: FileUp, section: 'Operations' },
  // The floor screens staff have: the admin sees them too, with the staff sidebar's labels.
  { label: 'Maniefest', to: `${base}/maniefest`, icon: Ship, section: 'Operations' },
  { label: 'Reconciliation', to: `${base}/reconciliation`, icon: ClipboardCheck, section: 'Operations' },
  { label: 'Transfers', to: `${base}/transfers`, icon: ArrowLeftRight, section: 'Operations' },
  { label: 'Uncollected', to: `${base}/uncollected`, icon: Clock, section: 'Operations' },
  { label: 'Signature', to: `${base}/sign-signature`, icon: PenLine, section: 'Operations' },
  { label: 'Customers', to: `${base}/customers`, icon: UserRound, section: 'Customers' },
  { label: 'Business Customers', to: `${base}/business-customers`, icon: Briefcase, section: 'Customers' },
  { label: 'Referrals & Coupons', to: `${base}/referrals`, icon: Gift, section: 'Customers' },
  { label: 'Invoices', to: `${base}/invoices`, icon: FileText, section: 'Billing' },
  { label: 'Payments', to: `${base}/payments`, icon: CreditCard, section: 'Billing' },
  { label: 'Reports', to: `${base}/reports`, icon: BarChart3, section: 'Billing' },
  { label: 'Support Tickets', to: `${base}/support-tickets`, icon: HelpCircle, section: 'Support' },
  { label: 'Website Inbox', to: `${base}/inbox`, icon: Inbox, section: 'Support' },
  { label: 'Batch Emails', to: `${base}/batch-emails`, icon: Mail, section: 'Support' },
  { label: 'Notifications', to: `${base}/notifications`, icon: Bell, section: 'Support' },
  { label: 'Branches', to: `${base}/branches`, icon: Building2, section: 'Organisation' },
  { label: 'Staff', to: `${base}/staff`, icon: Users, section: 'Organisation' },
  { label: 'Roles', to: `${base}/roles`, icon: ShieldCheck, section: 'Organisation' },
  { label: 'Audit log', to: `${base}/audit-log`, icon: History, section: 'Organisation' },
  { label: 'Integrations', to: `${base}/integrations`, icon: Plug, section: 'Organisation' },
  { label: 'Settings', to: `${base}/settings`, icon: Settings, pinned: true },
];

/** The courier admin's portal: name, role and courier in the header, the courier's logo. */
export function AdminLayout() {
  // The scan station installs as an app from here (manifest, offline service worker).
  useStationApp();
  const { user } = useSession();
  const ticketBadge = useSidebarTicketBadge();
  const notificationBadge = useNotificationBadge();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const lines = [name, ROLE_LABELS.courier_admin, user?.courier?.name].filter((l): l is string => Boolean(l));
  return (
    <PortalShell
      portalName="Admin"
      nav={withNotificationBadge(withTicketBadge(ADMIN_NAV, ticketBadge), notificationBadge)}
      search={(nav) => <CommandPalette nav={nav} />}
      headerActions={<TicketBell />}
      headerLines={lines}
      logoUrl={user?.courier?.logo_url}
      accent={user?.courier?.accent_color}
      logoAlt={user?.courier?.name ?? 'Courier'}
      notice={user?.impersonated ? <ImpersonationBanner name={name} /> : undefined}
    />
  );
}
