import {
  Inbox,
  BarChart3,
  Bell,
  Briefcase,
  Building2,
  ClipboardCheck,
  Clock,
  CreditCard,
  FileText,
  HelpCircle,
  History,
  LayoutDashboard,
  Mail,
  MapPin,
  Package,
  PenLine,
  ScanLine,
  Settings,
  ShieldCheck,
  Ship,
  Truck,
  UserRound,
  Users,
} from 'lucide-react';
import { ROLE_LABELS } from '@courier/shared/constants/roles';
import { type NavItem, PortalShell } from '@/components/layout/portal-shell';
import { ImpersonationBanner } from '@/features/auth/components/impersonation-banner';
import { useNotificationBadge, withNotificationBadge } from '@/features/communications/components/notification-badge';
import { TicketBell } from '@/features/tickets/components/ticket-bell';
import { withTicketBadge } from '@/features/tickets/components/ticket-nav-badge';
import { useSidebarTicketBadge } from '@/features/tickets/hooks/use-ticket-badges';
import { useSession } from '@/lib/session';
import { useStationApp } from '@/lib/station-app';

const base = '/admin';
/** Part 2 §2.4's pages, plus Signature (outside the layout, at /admin/sign-signature). */
export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: `${base}/dashboard`, icon: LayoutDashboard },
  { label: 'Scan', to: `${base}/scan`, icon: ScanLine },
  { label: 'Packages', to: `${base}/packages`, icon: Package },
  { label: 'Customers', to: `${base}/customers`, icon: UserRound },
  { label: 'Business Customers', to: `${base}/business-customers`, icon: Briefcase },
  { label: 'Branches', to: `${base}/branches`, icon: Building2 },
  { label: 'Staff', to: `${base}/staff`, icon: Users },
  { label: 'Roles', to: `${base}/roles`, icon: ShieldCheck },
  { label: 'Packages Delivery Request', to: `${base}/delivery-requests`, icon: Truck },
  { label: 'Delivery Locations', to: `${base}/delivery-locations`, icon: MapPin },
  { label: 'Unknown Packages', to: `${base}/unknown-packages`, icon: HelpCircle },
  // The floor screens staff have (issue 15): the admin sees them too, with the staff sidebar's labels.
  { label: 'Maniefest', to: `${base}/maniefest`, icon: Ship },
  { label: 'Reconciliation', to: `${base}/reconciliation`, icon: ClipboardCheck },
  { label: 'Uncollected', to: `${base}/uncollected`, icon: Clock },
  { label: 'Invoices', to: `${base}/invoices`, icon: FileText },
  { label: 'Payments', to: `${base}/payments`, icon: CreditCard },
  { label: 'Reports', to: `${base}/reports`, icon: BarChart3 },
  { label: 'Audit log', to: `${base}/audit-log`, icon: History },
  { label: 'Support Tickets', to: `${base}/support-tickets`, icon: HelpCircle },
  { label: 'Website Inbox', to: `${base}/inbox`, icon: Inbox },
  { label: 'Batch Emails', to: `${base}/batch-emails`, icon: Mail },
  { label: 'Notifications', to: `${base}/notifications`, icon: Bell },
  { label: 'Signature', to: `${base}/sign-signature`, icon: PenLine },
  { label: 'Settings', to: `${base}/settings`, icon: Settings },
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
      headerActions={<TicketBell />}
      headerLines={lines}
      logoUrl={user?.courier?.logo_url}
      logoAlt={user?.courier?.name ?? 'Courier'}
      notice={user?.impersonated ? <ImpersonationBanner name={name} /> : undefined}
    />
  );
}
