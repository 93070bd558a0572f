import {
  ArrowLeftRight,
  BarChart3,
  Boxes,
  ShieldCheck,
  ShoppingBag,
  Briefcase,
  ClipboardCheck,
  Clock,
  CreditCard,
  FileText,
  HelpCircle,
  LayoutDashboard,
  type LucideIcon,
  Package,
  PenLine,
  ScanLine,
  Settings,
  FileUp,
  Ship,
  Truck,
  UserRound,
  Users,
  Undo2,
} from 'lucide-react';
import { STAFF_SIDEBAR } from '@courier/shared/constants/permissions';
import { ROLE_LABELS } from '@courier/shared/constants/roles';
import { hasAnyPermission, hasPermission } from '@courier/shared/domain/permissions';
import { CommandPalette } from '@/features/search/components/command-palette';
import { type NavItem, type NavSection, PortalShell } from '@/components/layout/portal-shell';
import { type SessionUser, useSession } from '@/lib/session';
import { useStationApp } from '@/lib/station-app';
import { NotificationBell } from '@/features/communications/components/notification-bell';
import { TicketBell } from '@/features/tickets/components/ticket-bell';
import { withTicketBadge } from '@/features/tickets/components/ticket-nav-badge';
import { useSidebarTicketBadge } from '@/features/tickets/hooks/use-ticket-badges';

const ICONS: Record<(typeof STAFF_SIDEBAR)[number]['path'], LucideIcon> = {
  dashboard: LayoutDashboard,
  scan: ScanLine,
  packages: Package,
  customers: UserRound,
  'business-customers': Briefcase,
  staff: Users,
  reports: BarChart3,
  'delivery-requests': Truck,
  'unknown-packages': HelpCircle,
  maniefest: Ship,
  reconciliation: ClipboardCheck,
  invoices: FileText,
  payments: CreditCard,
  uncollected: Clock,
  'support-tickets': HelpCircle,
  'sign-signature': PenLine,
  settings: Settings,
};

type StaffPath = (typeof STAFF_SIDEBAR)[number]['path'];

/** The sidebar section of each item; the dashboard above them, Settings pinned at the bottom. */
const SECTIONS: Record<StaffPath, NavSection | 'top' | 'pinned'> = {
  dashboard: 'top',
  scan: 'Operations',
  packages: 'Operations',
  'delivery-requests': 'Operations',
  'unknown-packages': 'Operations',
  maniefest: 'Operations',
  reconciliation: 'Operations',
  uncollected: 'Operations',
  'sign-signature': 'Operations',
  customers: 'Customers',
  'business-customers': 'Customers',
  invoices: 'Billing',
  payments: 'Billing',
  reports: 'Billing',
  'support-tickets': 'Support',
  staff: 'Organisation',
  settings: 'pinned',
};

/** The forwarding services' screens, after the fixed list, each with the permissions its API asks. */
const SERVICE_ITEMS: Array<NavItem & { anyOf: string[] }> = [
  { label: 'Consolidations', to: '/staff/consolidations', icon: Boxes, section: 'Operations', anyOf: ['packages_view', 'packages_scan'] },
  { label: 'Transfers', to: '/staff/transfers', icon: ArrowLeftRight, section: 'Operations', anyOf: ['packages_scan'] },
  { label: 'Shop For Me', to: '/staff/shop-requests', icon: ShoppingBag, section: 'Customers', anyOf: ['customers_view', 'tickets_view'] },
  { label: 'Insurance claims', to: '/staff/insurance-claims', icon: ShieldCheck, section: 'Customers', anyOf: ['packages_edit'] },
  { label: 'Returns & discards', to: '/staff/return-requests', icon: Undo2, section: 'Operations', anyOf: ['packages_edit'] },
  { label: 'On the way', to: '/staff/carrier-tracking', icon: Truck, section: 'Operations', anyOf: ['packages_view'] },
];

/** The US agent's two screens: its files (with their reports) and the manifests. */
const AGENT_NAV: NavItem[] = [
  { label: 'Import Packages', to: '/staff/package-import', icon: FileUp, section: 'Operations' },
  { label: 'Maniefest', to: '/staff/maniefest', icon: Ship, section: 'Operations' },
];

/** Each item only with its permission, in the fixed order (shown grouped by section). */
export function staffNav(user: SessionUser | null): NavItem[] {
  if (user?.role.name === 'agent') return AGENT_NAV;
  const services = SERVICE_ITEMS.filter((item) => hasAnyPermission(user, item.anyOf)).map(({ anyOf: _a, ...item }) => item);
  return [...specNav(user), ...services];
}

function specNav(user: SessionUser | null): NavItem[] {
  return STAFF_SIDEBAR.filter((item) => hasPermission(user, item.permission)).map((item) => {
    const section = SECTIONS[item.path];
    return {
      label: item.label,
      to: `/staff/${item.path}`,
      icon: ICONS[item.path],
      ...(section === 'pinned' ? { pinned: true } : section === 'top' ? {} : { section }),
    };
  });
}

/** Branch managers' and staff's portal. */
export function StaffLayout() {
  // The scan station installs as an app from here (manifest, offline service worker).
  useStationApp();
  const { user } = useSession();
  const ticketBadge = useSidebarTicketBadge();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const roleName = user?.role.name;
  const roleLabel = roleName === 'branch_manager' || roleName === 'agent' ? ROLE_LABELS[roleName] : ROLE_LABELS.staff;
  const lines = [name, roleLabel, user?.branch?.name, user?.courier?.name].filter((l): l is string => Boolean(l));
  return (
    <PortalShell
      portalName="Staff"
      nav={withTicketBadge(staffNav(user), ticketBadge)}
      search={(nav) => <CommandPalette nav={nav} />}
      headerActions={
        <>
          <NotificationBell />
          <TicketBell />
        </>
      }
      headerLines={lines}
      logoUrl={user?.courier?.logo_url}
      accent={user?.courier?.accent_color}
      logoAlt={user?.courier?.name ?? 'Courier'}
    />
  );
}
