import { escapeHtml } from './page-html';

/** Paths crawlers are kept out of: the portals and the API. */
export const DISALLOWED_PATHS = ['/admin', '/customer', '/super-admin', '/superadmin', '/staff', '/api'];

/** robots.txt for the request's host: public pages allowed, the portals and the API not, and its sitemap. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}

/** sitemap.xml of the public pages, absolute URLs on the request's host. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(`${origin}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
