import type { PublicSite } from '@courier/shared/schemas/public-site';

declare global {
  interface Window {
    /** The public site of the request's tenant, embedded by the server in the pre-rendered HTML. */
    __PUBLIC_SITE__?: PublicSite;
  }
}

/** Set by the server-side render (entry-server.tsx) for the one synchronous render it makes. */
let serverSite: PublicSite | null = null;

export function setServerPublicSite(site: PublicSite | null): void {
  serverSite = site;
}

/**
 * The public site the server embedded for this page: `window.__PUBLIC_SITE__` in the browser, the
 * site being rendered on the server. The first client render reads the same data the server
 * rendered with, so hydration matches; null when the page was not served with one.
 */
export function embeddedPublicSite(): PublicSite | null {
  if (typeof window === 'undefined') return serverSite;
  return window.__PUBLIC_SITE__ ?? null;
}
