import { askEarly, currentToken, tokenRole } from '@/lib/early-requests';

/**
 * The signed-in customer's dashboard, started by the entry (main.tsx) before React, the router
 * and the app shell have downloaded: the customer layout's and the page's chunks download beside
 * them, and the profile (the route guard's check) and the dashboard (the US address, the page's
 * largest paint) are asked for at once. Otherwise the chunks wait for the router to run, and the
 * two requests for the session to render. What is asked is the person's own, with their token, and
 * only handed to a caller holding that same token (lib/early-requests.ts). Like page-preload.ts,
 * this module must not import React or the router.
 */
const CUSTOMER_DASHBOARDS = new Set(['/customer', '/customer/dashboard']);

export const customerLayout = () => import('./routes/customer/customer-layout');
export const dashboardPage = () => import('./routes/organisation/dashboard-page');

/** Starts what the page at `pathname` needs first, if it is the dashboard of a signed-in customer; true if it did. */
export function startSignedInPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!CUSTOMER_DASHBOARDS.has(path)) return false;
  const token = currentToken();
  if (!token || tokenRole(token) !== 'customer') return false;
  askEarly('/customers/profile');
  askEarly('/dashboard');
  // A failure surfaces again, and is handled, when the route itself imports the chunk.
  for (const loading of [customerLayout(), dashboardPage()]) loading.catch(() => undefined);
  return true;
}
