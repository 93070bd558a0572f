import { useHydrated } from '@/lib/hydration';
import { Menu, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { cn } from '@/lib/cn';
import { paths, withApiKey } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { resolveApiKey } from '@/lib/storage';
import { BrandLink } from './brand-link';
import { NAV_ITEMS } from './nav-items';

// Only signed-in visitors need the menu (and its Radix dropdown): everyone else never downloads it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
const MobileUserLinks = lazy(async () => ({ default: (await import('./user-menu')).MobileUserLinks }));

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn('block rounded-md px-3 py-3 text-base font-medium', isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100');

/**
 * The public navbar. On phones the links collapse into a menu that opens and closes with a 0.3 s
 * animation and closes on every route change: it is open only for the location it was opened on.
 */
export function SiteHeader() {
  const location = useLocation();
  const hydrated = useHydrated();
  const { site } = usePublicSite();
  // The URL's, host's or session's key, else the key of the site the server resolved.
  const apiKey = resolveApiKey(location.search) || site.courier.apiKey;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <BrandLink />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end className={desktopLink}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AccountArea apiKey={apiKey} />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          // Like every Button: a tap before React has hydrated the pre-rendered page would be lost.
          disabled={!hydrated}
          onClick={() => setOpenAt(open ? null : location.key)}
        >
          {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </div>

      <div
        id="mobile-menu"
        data-state={open ? 'open' : 'closed'}
        className={cn(
          // Visibility moves with the rows, so a closed menu is hidden from screen readers and tab order only once it has folded.
          'grid transition-[grid-template-rows,visibility] duration-300 ease-in-out md:hidden',
          open ? 'visible grid-rows-[1fr] border-t border-slate-200' : 'invisible grid-rows-[0fr]',
        )}
        inert={!open}
      >
        <div className="overflow-hidden">
          <nav aria-label="Mobile" className="space-y-1 px-4 py-3">
            {NAV_ITEMS.map((item) => (
              <NavLink key={item.to} to={item.to} end className={mobileLink}>
                {item.label}
              </NavLink>
            ))}
            <div className="flex gap-2 border-t border-slate-200 pt-3">
              <AccountArea apiKey={apiKey} mobile />
            </div>
          </nav>
        </div>
      </div>
    </header>
  );
}

/** Signed in: the user menu; signed out: Login and Sign Up; while the session loads, a placeholder of the same size. */
function AccountArea({ apiKey, mobile }: { apiKey: string; mobile?: boolean }) {
  const { isAuthenticated, loading } = useSession();
  const placeholder = <span className="h-10 w-32 animate-pulse rounded-md bg-slate-200" aria-hidden="true" />;
  if (loading) return placeholder;
  if (isAuthenticated) return <Suspense fallback={placeholder}>{mobile ? <MobileUserLinks /> : <UserMenu />}</Suspense>;
  return <AccountLinks apiKey={apiKey} stacked={mobile} />;
}

/** Signed out: Login and Sign Up, carrying the visitor's api key to the tenant's pages. */
function AccountLinks({ apiKey, stacked }: { apiKey: string; stacked?: boolean }) {
  return (
    <>
      <Link
        to={withApiKey(paths.login, apiKey)}
        className={cn(
          'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium text-slate-700 hover:bg-slate-100',
          stacked && 'flex-1 border border-slate-300',
        )}
      >
        Login
      </Link>
      <Link
        to={withApiKey(paths.register, apiKey)}
        className={cn(
          'inline-flex h-10 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800',
          stacked && 'flex-1',
        )}
      >
        Sign Up
      </Link>
    </>
  );
}
