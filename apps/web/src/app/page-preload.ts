/**
 * The chunks of each public and sign-in page, keyed by path. main.tsx asks for the current page's
 * before it loads React and the router, so both downloads run side by side: otherwise the page's
 * chunks are only requested once React, the router and the app shell have downloaded and run, a
 * second wave that costs a phone a round trip plus the shell's start-up (part of Lighthouse's first
 * paint). Each import is the one the route's `lazy` makes (routes/public, routes/auth), so the
 * browser fetches every chunk once. This module must not import React or the router.
 */
const publicLayout = () => import('./routes/public/public-layout');

const PAGE_CHUNKS: Record<string, () => Promise<unknown>[]> = {
  '/': () => [publicLayout(), import('./routes/public/home-page')],
  '/how-it-works': () => [publicLayout(), import('./routes/public/how-it-works-page')],
  '/assisted-purchase': () => [publicLayout(), import('./routes/public/assisted-purchase-page')],
  '/contact': () => [publicLayout(), import('./routes/public/contact-page')],
  '/pricing': () => [publicLayout(), import('./routes/public/pricing-page')],
  '/faq': () => [publicLayout(), import('./routes/public/faq-page')],
  '/privacy': () => [publicLayout(), import('./routes/public/privacy-page')],
  '/terms': () => [publicLayout(), import('./routes/public/terms-page')],
  '/track': () => [publicLayout(), import('./routes/public/track-page')],
  '/login': () => [import('./routes/auth/customer-login-page')],
  '/admin/login': () => [import('./routes/auth/staff-side-login-page')],
  '/staff/login': () => [import('./routes/auth/staff-side-login-page')],
  '/superadmin/login': () => [import('./routes/auth/staff-side-login-page')],
  '/reset-password': () => [import('./routes/auth/reset-password-page')],
  '/register': () => [import('./routes/auth/register-page')],
  '/open-portal': () => [import('./routes/auth/open-portal-page')],
};

/** The paths this module knows (a test checks they are every public and sign-in route). */
export const PRELOADED_PATHS = Object.keys(PAGE_CHUNKS);

/** Starts loading the chunks of the page at `pathname`, if it is a public or sign-in page; true if it did. */
export function preloadPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const chunks = PAGE_CHUNKS[path];
  if (!chunks) return false;
  for (const loading of chunks()) {
    // A failure surfaces again, and is handled, when the route itself imports the chunk.
    loading.catch(() => undefined);
  }
  return true;
}
