import { Outlet, ScrollRestoration } from 'react-router';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { TimeZoneScope } from '@/lib/format-date';
import { useAccent } from '@/lib/theme';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shared layout of the public pages: navbar, page, footer; times in the site's courier's zone. */
export function PublicLayout() {
  const { site } = usePublicSite();
  useAccent(site.courier.accentColor);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <TimeZoneScope zone={site.courier.timeZone}>
          <Outlet />
        </TimeZoneScope>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
