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
import { type NavItem, PortalShell } from '@/components/layout/portal-shell';
import { TicketBell } from '@/features/tickets/components/ticket-bell';
import { withTicketBadge } from '@/features/tickets/components/ticket-nav-badge';
import { useSidebarTicketBadge } from '@/features/tickets/hooks/use-ticket-badges';
import { useSession } from '@/lib/session';

const base = '/superadmin';
/** Part 2 §2.2, in the spec's order, plus the Manifests and Support Tickets pages it already had routes for. */
export const SUPERADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: `${base}/dashboard`, icon: LayoutDashboard },
  { label: 'Couriers', to: `${base}/couriers`, icon: Truck },
  { label: 'Branches', to: `${base}/branches`, icon: Building2 },
  { label: 'Staff', to: `${base}/staff`, icon: Users },
  { label: 'Roles', to: `${base}/roles`, icon: ShieldCheck },
  { label: 'Packages', to: `${base}/packages`, icon: Package },
  { label: 'Manifests', to: `${base}/manifests`, icon: ClipboardList },
  { label: 'Notifications', to: `${base}/notifications`, icon: Bell },
  { label: 'Invoices', to: `${base}/invoices`, icon: FileText },
  { label: 'Payments', to: `${base}/payments`, icon: CreditCard },
  { label: 'Reports', to: `${base}/reports`, icon: BarChart3 },
  { label: 'Support Tickets', to: `${base}/support-tickets`, icon: HelpCircle },
  { label: 'Audit log', to: `${base}/audit-log`, icon: History },
  { label: 'Settings', to: `${base}/settings`, icon: Settings },
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
      headerActions={<TicketBell />}
      headerLines={[name, ROLE_LABELS.super_admin]}
      logoUrl={null}
      logoAlt="Courier Portal"
    />
  );
}
