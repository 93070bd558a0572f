import { STORAGE_KEYS } from '@courier/shared/constants/limits';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import { embeddedPublicSite } from './embedded-site';

/**
 * Which courier's public site this tab shows. The server embeds the site of the
 * request's tenant in the HTML (`window.__PUBLIC_SITE__`); otherwise the app asks
 * `GET /api/public/site`. Either way the site the server resolved is remembered here, so a form
 * that needs the api key of the tenant gets that courier's key and never a compiled-in one.
 */
let remembered: PublicSite | null = null;

/** The site the server embedded in the page (or is rendering on the server), when it is well formed. */
export function embeddedSite(): PublicSite | null {
  const site = embeddedPublicSite();
  return site && typeof site === 'object' && typeof site.courier?.apiKey === 'string' ? site : null;
}

export function rememberSite(site: PublicSite): void {
  remembered = site;
}

/** The site the server resolved for this tab: the one fetched last, else the embedded one. */
export function resolvedSite(): PublicSite | null {
  return remembered ?? embeddedSite();
}

/** For tests. */
export function forgetSite(): void {
  remembered = null;
}

function sessionKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.apiKey);
  } catch {
    return null;
  }
}

export function storeSessionApiKey(value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(STORAGE_KEYS.apiKey);
    else window.sessionStorage.setItem(STORAGE_KEYS.apiKey, value);
  } catch {
    // Storage refused (private mode): the key lasts for this page only.
  }
}

/**
 * The api key a public request names, in the order: the URL's `api_key` (kept in session
 * storage), then the host name (the embedded site says it was found so), then session storage.
 * Null: none, the server picks its default courier.
 */
export function requestedApiKey(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get(STORAGE_KEYS.apiKey)?.trim();
  if (fromUrl) {
    storeSessionApiKey(fromUrl);
    return fromUrl;
  }
  const embedded = embeddedSite();
  if (embedded?.resolvedBy === 'host') return embedded.courier.apiKey;
  return sessionKey();
}
