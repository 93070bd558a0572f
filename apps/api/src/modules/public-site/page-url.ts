import type { PrerenderedPage } from './page-html';

/**
 * Parameters that links from ads, newsletters and social sites add (click ids, campaign tags):
 * no page reads them, so a page's render and its canonical address ignore them.
 */
const TRACKING_PARAM =
  /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;

export interface PageUrls {
  /** The URL the page is rendered for: its path with the api key and the parameters the page reads. */
  render: string;
  /** Its canonical address (relative): the path with the api key only. */
  canonical: string;
  apiKey?: string;
}

/**
 * The URLs a pre-rendered page is served for, given the request's query: tracking parameters are
 * dropped; api_key and the page's own parameters (`params`) are kept when each is one plain
 * value. Null when the query holds anything else (an impersonation token, a repeated or empty
 * parameter): that page's first render is left to the browser.
 */
export function pageUrls(page: PrerenderedPage, query: Record<string, unknown>): PageUrls | null {
  const kept = new URLSearchParams();
  let apiKey: string | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (TRACKING_PARAM.test(name)) continue;
    if (name !== 'api_key' && !page.params?.includes(name)) return null;
    if (typeof value !== 'string' || (name === 'api_key' && value === '')) return null;
    if (name === 'api_key') apiKey = value;
  }
  if (apiKey) kept.set('api_key', apiKey);
  const canonical = apiKey ? `${page.path}?${kept}` : page.path;
  for (const name of page.params ?? []) {
    const value = query[name];
    if (typeof value === 'string') kept.set(name, value);
  }
  const search = kept.toString();
  return { render: search ? `${page.path}?${search}` : page.path, canonical, apiKey };
}
