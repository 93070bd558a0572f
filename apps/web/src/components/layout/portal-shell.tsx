import { LogOut, Menu, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useAccent } from '@/lib/theme';
import { ThemeSwitchButton } from '@/components/ui/theme-switch-button';
import { usePageFocus } from './page-focus';
import { useToastsBelow } from './toast-offset';
import { type NavItem, SidebarNav } from './sidebar-nav';

export type { NavItem, NavSection } from './sidebar-nav';

export interface PortalShellProps {
  /** Accessible name of the sidebar navigation, e.g. "Admin"; also keys the remembered folded sections. */
  portalName: string;
  nav: NavItem[];
  /** The header's lines: the person's name first, then role or account type, business, courier. */
  headerLines: string[];
  logoUrl: string | null | undefined;
  logoAlt: string;
  /** The header's search over the portal's pages and records (the command palette), given the sidebar's pages. */
  search?: (nav: NavItem[]) => ReactNode;
  /** Controls at the right of the header (the ticket bell goes here). */
  headerActions?: ReactNode;
  /** A note above the content, e.g. while a super admin is impersonating. */
  notice?: ReactNode;
  /** The courier's accent colour (#rrggbb); none keeps the portal's own. */
  accent?: string | null;
}

export const DEFAULT_LOGO = '/default-logo.svg';

/** The width from which the sidebar stays beside the page (Tailwind's `lg`); below it, it is a drawer. */
const WIDE = '(min-width: 1024px)';
const wideQuery = () => (typeof window === 'undefined' ? undefined : window.matchMedia?.(WIDE));
const subscribeWide = (onChange: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
/** True where the sidebar stays beside the page; true too where the width is unknown (no matchMedia). */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => wideQuery()?.matches ?? true,
    () => true,
  );
}

/** The courier's logo, or the default one when it has none or it fails to load. */
export function CourierLogo({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  // Remembers which address failed, so a new logo gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_LOGO;
  return <img src={usable} alt={alt} className={className} onError={() => src && setFailedSrc(src)} />;
}

/**
 * The signed-in portals' frame: a sidebar of the portal's pages in sections, a header with who is
 * signed in and their courier, the command palette (Ctrl+K), and the page. On a phone the sidebar
 * is a drawer behind the menu button.
 */
export function PortalShell({ portalName, nav, headerLines, logoUrl, logoAlt, search, headerActions, notice, accent }: PortalShellProps) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { logout } = useSession();
  const navigate = useNavigate();

  // Navigating closes the drawer on a phone.
  const path = location.pathname;
  useEffect(() => {
    if (path) setOpen(false);
  }, [path]);

  // Leave the guarded portal first: clearing the session while still on it would make the route
  // guard send the person to the login page and remember this page for the next sign-in.
  // The data router's navigate resolves once the (lazy) home page is in place.
  const onLogout = async () => {
    await navigate(paths.home);
    await logout();
    toast.success('You have been logged out.');
  };

  const [name, ...details] = headerLines;
  // Every signed-in page has a title: the sidebar item it is under, then the courier.
  const page = nav.filter((item) => path === item.to || path.startsWith(`${item.to}/`)).sort((a, b) => b.to.length - a.to.length)[0];
  const title = `${page?.label ?? portalName} | ${logoAlt}`;
  const mainRef = useRef<HTMLElement>(null);
  const announcement = usePageFocus(path, page?.label ?? portalName, mainRef);
  useAccent(accent);
  const noticeRef = useRef<HTMLDivElement>(null);
  useToastsBelow(noticeRef, notice != null);
  // A phone's sidebar is the drawer: the hidden desktop one is not rendered there at all.
  const wide = useWideScreen();
  const sidebar = (
    <nav aria-label={`${portalName} navigation`} className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-4">
        <CourierLogo src={logoUrl} alt={logoAlt} className="h-10 w-auto max-w-40 object-contain" />
      </div>
      <SidebarNav
        portalName={portalName}
        nav={nav}
        footer={
          <button
            type="button"
            onClick={() => void onLogout()}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Log out
          </button>
        }
      />
    </nav>
  );

  // On a phone the sidebar is a modal drawer: the focus moves into it and stays there, Escape, the
  // close button or a tap on the dimmed page close it, and the focus goes back to the menu button.
  return (
    <D.Root open={open} onOpenChange={setOpen}>
      <title>{title}</title>
      <div className="min-h-screen bg-slate-50">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <p aria-live="polite" className="sr-only" data-testid="page-announcement">
          {announcement}
        </p>
        {wide && <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white lg:block">{sidebar}</aside>}
        <D.Portal>
          <D.Overlay className="fixed inset-0 z-40 bg-scrim lg:hidden" />
          <D.Content
            id="portal-sidebar"
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none lg:hidden"
          >
            <D.Title className="sr-only">{`${portalName} menu`}</D.Title>
            <D.Close aria-label="Close menu" className="absolute top-4 right-3 rounded p-1 text-slate-500 hover:bg-slate-100">
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
            {sidebar}
          </D.Content>
        </D.Portal>
        <div className="lg:pl-64">
          <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
            <D.Trigger className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden" aria-label="Open menu">
              <Menu className="h-5 w-5" aria-hidden="true" />
            </D.Trigger>
            <div className="min-w-0 flex-1" data-testid="portal-header">
              <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
              {details.length > 0 && <p className="truncate text-xs text-slate-600">{details.join(' · ')}</p>}
            </div>
            {search?.(nav)}
            {headerActions}
            <ThemeSwitchButton />
          </header>
          {notice != null && <div ref={noticeRef}>{notice}</div>}
          <main id="main" ref={mainRef} tabIndex={-1} className="mx-auto max-w-7xl p-4 focus:outline-none sm:p-6">
            <Outlet />
          </main>
        </div>
      </div>
    </D.Root>
  );
}
