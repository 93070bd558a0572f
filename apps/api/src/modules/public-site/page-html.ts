import { createHash } from 'node:crypto';
import { DEFAULT_BRAND_NAME } from '@courier/shared/schemas/platform';
import type { PublicSite } from '@courier/shared/schemas/public-site';

/** A pre-rendered page as the web build's manifest describes it (apps/web/src/app/prerender-pages.ts). */
export interface PrerenderedPage {
  path: string;
  title: string;
  description: string;
  sitemap: boolean;
  /** `platform`: the platform's own page (the super admin's sign-in), named after the platform, not the courier. */
  brand?: 'platform';
  /** The query parameters the page reads for its first render (`number` on /track); others are dropped or left to the browser. */
  params?: string[];
  /** Its file in dist/_prerendered. */
  file: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * JSON that is safe inside an inline <script>: no `<` (so no `</script>` or `<!--`), `>` or `&`,
 * and no U+2028/U+2029 (line breaks to older JavaScript parsers). Still the same JSON to JS.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The inline script that hands the tenant's public site to the web app (read before it renders). */
export function siteScript(site: PublicSite): string {
  return `window.__PUBLIC_SITE__=${scriptSafeJson(site)};`;
}

/** The CSP source that allows exactly this inline script. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The page's CSP with the inline script's hash added to script-src. */
export function allowInlineScript(csp: string, script: string): string {
  return csp.replace(
    /(^|;)(\s*script-src\s[^;]*)/,
    (_all, start: string, directive: string) => `${start}${directive} ${scriptHashSource(script)}`,
  );
}

/** An absolute URL on the request's origin for a path (or an absolute URL as it is). */
function absolute(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The head of a pre-rendered page for the tenant of the request: title, description and Open
 * Graph tags with the courier's name, and the script with its public site. Without a site (no
 * courier at all) the page's own title and description.
 */
export function pageHead(page: PrerenderedPage, site: PublicSite | null, origin: string, pageUrl: string): string {
  // The same name the page shows (apps/web/src/app/page-title.tsx): the courier's, the platform's on its own pages.
  const name = page.brand === 'platform' ? DEFAULT_BRAND_NAME : site?.courier.name;
  const title = name ? `${page.title} | ${name}` : page.title;
  const description = name ? `${name}: ${page.description}` : page.description;
  const url = absolute(origin, pageUrl);
  const tags = [
    '<!--page-head-->',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ];
  if (site) {
    tags.push(
      `<meta property="og:site_name" content="${escapeHtml(name ?? site.courier.name)}" />`,
      `<meta property="og:image" content="${escapeHtml(absolute(origin, site.courier.logoUrl))}" />`,
      `<script>${siteScript(site)}</script>`,
    );
  }
  tags.push('<!--/page-head-->');
  return tags.join('\n    ');
}

const TEMPLATE_HEAD = /<meta name="description"[^>]*>\s*|<title>[\s\S]*?<\/title>\s*/g;
const HEAD_BLOCK = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;

/**
 * The document for a page: the built index.html with `head` in place of its title and description
 * and `body` in #root; or, given a pre-rendered file (`body` null), that file with its head block
 * replaced. Replacer functions throughout: the markup may hold `$&` or `$'`.
 */
export function assemblePage(source: string, head: string, body: string | null): string {
  if (body === null) return source.replace(HEAD_BLOCK, () => head);
  return source
    .replace(TEMPLATE_HEAD, '')
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/** React 19 renders a page's <title> and <meta> in place; the head block carries them instead. */
export function stripHoisted(html: string): string {
  return html.replace(/<title>[\s\S]*?<\/title>|<meta [^>]*\/?>/g, '');
}
