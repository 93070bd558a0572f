import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '@courier/shared/messages';
import type { AppContext } from '../context';
import { registerWebPages } from './web-pages';

/** Where the built web app is: WEB_DIST, else apps/web/dist relative to source or bundle. */
export function findWebDist(configured?: string): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = configured
    ? [path.resolve(configured)]
    : [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

/**
 * Serves the single-page app with history fallback: any GET that is not under /api and not a
 * file answers index.html, so deep links work. Unknown /api routes answer JSON 404.
 */
export async function registerStatic(app: FastifyInstance, webDist: string | undefined, ctx?: AppContext): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One route for every file instead of one per file found at start (400 files, 800 routes:
      // a tenth of the start). A path that is no file falls through to the not-found
      // handler below: index.html for the app's own paths, a JSON 404 under /api.
      wildcard: true,
      index: false,
      // The build writes each text file also as .br and .gz (apps/web/vite.config.ts): sent as
      // they are to a browser that accepts them, the rest compressed by the compress plugin.
      preCompressed: true,
      // The pre-rendered pages are served by their paths (web-pages.ts), the server-side render never.
      allowedPath: (pathName) => !/^\/(_prerendered|_ssr)(\/|$)/.test(pathName),
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(reply, filePath) {
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (webDist) {
    // The wildcard above would take unknown /api paths as files to look for, and the auth hook would
    // then ask for a token: they are the not-found handler's, as every other unknown API route.
    app.get('/api/*', { config: { public: true }, exposeHeadRoute: true, schema: { hide: true } }, (_request, reply) =>
      reply.callNotFound(),
    );
  }
  if (webDist && ctx) await registerWebPages(app, ctx, webDist);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.status(404).send({ message: API_MESSAGES.routeNotFound, code: 'not_found' });
  });
}
