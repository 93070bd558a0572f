import {
  BarChart3,
  Bell,
  Building2,
  ClipboardList,
  CreditCard,
  FileText,
  HelpCircle,
  History,
  LayoutDashboard,
  Package,
  Settings,
  ShieldCheck,
  Truck,
  Users,
} from 'lucide-react';
import { ROLE_LABELS } from '@courier/shared/constants/roles';
import { CommandPalette } from '@/features/search/components/command-palette';
import { type NavItem, PortalShell } from '@/components/layout/portal-shell';
import { TicketBell } from '@/features/tickets/components/ticket-bell';
import { withTicketBadge } from '@/features/tickets/components/ticket-nav-badge';
import { useSidebarTicketBadge } from '@/features/tickets/hooks/use-ticket-badges';
import { useSession } from '@/lib/session';

const base = '/superadmin';
/**
 * The super admin's fixed labels, plus the Manifests, Support Tickets and Audit log pages it already had
 * routes for, grouped into the sidebar's sections; Settings stays pinned at the bottom.
 */
export const SUPERADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: `${base}/dashboard`, icon: LayoutDashboard },
  { label: 'Packages', to: `${base}/packages`, icon: Package, section: 'Operations' },
  { label: 'Manifests', to: `${base}/manifests`, icon: ClipboardList, section: 'Operations' },
  { label: 'Invoices', to: `${base}/invoices`, icon: FileText, section: 'Billing' },
  { label: 'Payments', to: `${base}/payments`, icon: CreditCard, section: 'Billing' },
  { label: 'Reports', to: `${base}/reports`, icon: BarChart3, section: 'Billing' },
  { label: 'Support Tickets', to: `${base}/support-tickets`, icon: HelpCircle, section: 'Support' },
  { label: 'Notifications', to: `${base}/notifications`, icon: Bell, section: 'Support' },
  { label: 'Couriers', to: `${base}/couriers`, icon: Truck, section: 'Organisation' },
  { label: 'Branches', to: `${base}/branches`, icon: Building2, section: 'Organisation' },
  { label: 'Staff', to: `${base}/staff`, icon: Users, section: 'Organisation' },
  { label: 'Roles', to: `${base}/roles`, icon: ShieldCheck, section: 'Organisation' },
  { label: 'Audit log', to: `${base}/audit-log`, icon: History, section: 'Organisation' },
  { label: 'Settings', to: `${base}/settings`, icon: Settings, pinned: true },
];

/** The super admin's portal: the header shows the name and 'Super Administrator'. */
export function SuperAdminLayout() {
  const { user } = useSession();
  const ticketBadge = useSidebarTicketBadge();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <PortalShell
      portalName="Super admin"
      nav={withTicketBadge(SUPERADMIN_NAV, ticketBadge)}
      search={(nav) => <CommandPalette nav={nav} />}
      headerActions={<TicketBell />}
      headerLines={[name, ROLE_LABELS.super_admin]}
      logoUrl={null}
      logoAlt="Courier Portal"
    />
  );
}
