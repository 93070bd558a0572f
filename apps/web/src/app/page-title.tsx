import { DEFAULT_BRAND } from '@/features/public/api/get-courier-brand';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { PRERENDERED_PAGES } from './prerender-pages';

/** The title of a page for a brand: the page's own words, then the name (as the server writes it in the head). */
export function brandedTitle(title: string, name: string | null): string {
  return name ? `${title} | ${name}` : title;
}

/**
 * A public or sign-in page's <title>, the same the server put in the pre-rendered head: the page's
 * title and the courier's name (the platform's on the super admin's sign-in), so the title keeps
 * the courier once the scripts run and after moving between pages.
 */
export function PageTitle({ path }: { path: string }) {
  const { site, loading } = usePublicSite();
  const page = PRERENDERED_PAGES.find((p) => p.path === path);
  if (!page) return null;
  const name = page.brand === 'platform' ? DEFAULT_BRAND.name : loading ? null : site.courier.name;
  return <title>{brandedTitle(page.title, name)}</title>;
}
