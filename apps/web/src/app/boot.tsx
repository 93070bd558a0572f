import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type RouteObject, RouterProvider, matchRoutes } from 'react-router';
import { decodeToken, tokenStore } from '@/lib/storage';
import { Providers } from './providers';
import { createRouter, routes } from './router';

/**
 * Loads the lazy modules of the routes matching `pathname` into the route objects, so the router
 * starts with the page itself rather than its HydrateFallback: the same tree the server rendered.
 */
async function resolveLazyRoutes(all: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(all, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Renders the app into #root (main.tsx loads this module once the page's own chunks are on their
 * way). A page the server sent pre-rendered (#root has content) is hydrated, with its lazy routes
 * resolved first; any other page is rendered from scratch, also with its lazy routes resolved
 * first when the entry already asked for its chunks (`pageStarted`): its first render is then the
 * page, not the router's loading spinner followed by the page, a render and a paint less before
 * the page shows. A page whose chunks are not on their way yet shows the spinner meanwhile.
 */
export async function boot({ pageStarted = false }: { pageStarted?: boolean } = {}): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root');
  // A page pre-rendered for the address's courier is not hydrated for a signed-in person: they see
  // their own courier's brand (usePublicSite), so the app renders it afresh instead.
  const token = tokenStore.get();
  const prerendered = root.firstElementChild !== null && !(token && decodeToken(token)?.courierId);
  if (!prerendered) root.replaceChildren();
  if (prerendered) await resolveLazyRoutes(routes, window.location.pathname);
  // A chunk that failed stays lazy: the router asks for it again and shows its error page.
  else if (pageStarted) await resolveLazyRoutes(routes, window.location.pathname).catch(() => undefined);
  const router = createRouter();
  const app = (
    <StrictMode>
      <Providers navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
