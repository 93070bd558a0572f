// Configures zod before any of its code runs, as main.tsx does.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import { PRERENDERED_PAGES } from './app/prerender-pages';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { setServerPublicSite } from './lib/embedded-site';

export { PRERENDERED_PAGES };

const handler = createStaticHandler(routes);

export interface Rendered {
  status: number;
  /** The markup of #root; null when the route answered a redirect. */
  html: string | null;
}

/**
 * Renders one page to HTML (build time: scripts/prerender.mjs; request time: the API, for the
 * tenant's public site). The static handler resolves the matched routes' lazy modules first, so
 * the page renders whole; the client resolves the same before it hydrates (app/boot.tsx).
 * No hydration data is emitted (`hydrate={false}`): the routes have no loaders, and the CSP allows
 * no inline script but the server's own.
 */
export async function render(url: string, site: PublicSite | null): Promise<Rendered> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return { status: context.status, html: null };
  const router = createStaticRouter(handler.dataRoutes, context);
  setServerPublicSite(site);
  try {
    const html = renderToString(
      <StrictMode>
        <Providers>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
    return { status: context.statusCode, html };
  } finally {
    setServerPublicSite(null);
  }
}
