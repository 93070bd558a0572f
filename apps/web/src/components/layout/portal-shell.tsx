import { LogOut, Menu, X } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

export interface NavItem {
  label: string;
  /** Absolute path of the page. */
  to: string;
  icon: ComponentType<{ className?: string }>;
  /** A count badge or similar shown after the label (e.g. Support Tickets). */
  badge?: ReactNode;
}

export interface PortalShellProps {
  /** Accessible name of the sidebar navigation, e.g. "Admin". */
  portalName: string;
  nav: NavItem[];
  /** The header's lines: the person's name first, then role or account type, business, courier. */
  headerLines: string[];
  logoUrl: string | null | undefined;
  logoAlt: string;
  /** Controls at the right of the header (the ticket bell of part 2 §2.8 goes here). */
  headerActions?: ReactNode;
  /** A note above the content, e.g. while a super admin is impersonating. */
  notice?: ReactNode;
}

export const DEFAULT_LOGO = '/default-logo.svg';

/** The courier's logo, or the default one when it has none or it fails to load (part 2 §1). */
export function CourierLogo({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  // Remembers which address failed, so a new logo gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_LOGO;
  return <img src={usable} alt={alt} className={className} onError={() => src && setFailedSrc(src)} />;
}

/**
 * The signed-in portals' frame: a sidebar of the portal's pages, a header with who is signed in
 * and their courier, and the page. On a phone the sidebar is a drawer behind the menu button.
 */
export function PortalShell({ portalName, nav, headerLines, logoUrl, logoAlt, headerActions, notice }: PortalShellProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { logout } = useSession();
  const navigate = useNavigate();

  // Navigating closes the drawer on a phone.
  const path = location.pathname;
  useEffect(() => {
    if (path) setOpen(false);
  }, [path]);
  // Escape closes the drawer, as it would a dialog.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  // Leave the guarded portal first: clearing the session while still on it would make the route
  // guard send the person to the login page and remember this page for the next sign-in.
  // The data router's navigate resolves once the (lazy) home page is in place.
  const onLogout = async () => {
    await navigate(paths.home);
    await logout();
    toast.success('You have been logged out.');
  };

  const [name, ...details] = headerLines;
  const sidebar = (
    <nav aria-label={`${portalName} navigation`} className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-4">
        <CourierLogo src={logoUrl} alt={logoAlt} className="h-10 w-auto max-w-40 object-contain" />
      </div>
      <ul className="flex-1 space-y-1 overflow-y-auto p-3">
        {nav.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="flex-1">{item.label}</span>
              {item.badge}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-200 p-3">
        <button
          type="button"
          onClick={() => void onLogout()}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Log out
        </button>
      </div>
    </nav>
  );

  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white lg:block">{sidebar}</aside>
      {open && (
        <div className="fixed inset-0 z-40 lg:hidden">
          {/* The dimmed page behind the drawer closes it on a tap; keyboard users have the close button and Escape. */}
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setOpen(false)}
          />
          <aside id="portal-sidebar" className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl">
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setOpen(false)}
              className="absolute top-4 right-3 rounded p-1 text-slate-500 hover:bg-slate-100"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
            {sidebar}
          </aside>
        </div>
      )}
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls="portal-sidebar"
            onClick={() => setOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </button>
          <div className="min-w-0 flex-1" data-testid="portal-header">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            {details.length > 0 && <p className="truncate text-xs text-slate-600">{details.join(' · ')}</p>}
          </div>
          {headerActions}
        </header>
        {notice}
        <main className="mx-auto max-w-7xl p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
