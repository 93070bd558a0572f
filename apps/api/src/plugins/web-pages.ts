import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicSite } from '@courier/shared/schemas/public-site';
import type { AppContext } from '../context';
import { ownOriginOfRequest } from '../lib/courier-links';
import {
  type PrerenderedPage,
  allowInlineScript,
  assemblePage,
  loadPublicSite,
  pageHead,
  pageUrls,
  robotsTxt,
  siteScript,
  sitemapXml,
  stripHoisted,
} from '../modules/public-site/index';

/** The web build's server-side render (apps/web/src/entry-server.tsx). */
interface SsrModule {
  render(url: string, site: PublicSite | null): Promise<{ status: number; html: string | null }>;
}

/** Rendered pages kept per page, api key and site (a changed site renders again); the oldest go first. */
const CACHE_LIMIT = 200;

/**
 * The origin for absolute URLs (canonical, og:url, robots, sitemap): the request's when it is one
 * of ours (the platform's, an approved host name), else the platform's; never a forged Host.
 */
const originFor = (ctx: AppContext, request: FastifyRequest) => ownOriginOfRequest(ctx.db, ctx.config, request);

/**
 * The pre-rendered public and sign-in pages from the web build's dist/_prerendered:
 * each path answers its page with the head of the request's tenant (title, description, Open
 * Graph with the courier's name) and the tenant's public site in `window.__PUBLIC_SITE__`. With the
 * build's server-side render (dist/_ssr) #root is rendered for that site, so the first paint and
 * the client's hydration show the same courier; without it, the build-time markup is served.
 * Tracking parameters (utm_*, fbclid) are ignored and the page's own (`?number=` on /track) are
 * rendered; a URL with any other query parameter (an impersonation token) or an api key that names
 * no courier gets the plain app shell (index.html), which renders in the browser as before.
 * Also /robots.txt and /sitemap.xml for the request's host.
 */
export async function registerWebPages(app: FastifyInstance, ctx: AppContext, webDist: string): Promise<void> {
  const dir = path.join(webDist, '_prerendered');
  const manifestFile = path.join(dir, 'manifest.json');
  const pages: PrerenderedPage[] = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')).pages as PrerenderedPage[])
    : [];
  const shell = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const ssrFile = path.join(webDist, '_ssr', 'entry-server.js');
  let ssr: Promise<SsrModule | null> | undefined;
  const loadSsr = () => {
    ssr ??= existsSync(ssrFile)
      ? Promise.resolve()
          // require, not import(): in the server bundle (decision 015) import() becomes require()
          // anyway, and Node ≥ 20.19 requires an ES module such as this one.
          .then(() => createRequire(import.meta.url)(ssrFile) as SsrModule)
          .catch((error: unknown) => {
            app.log.error({ err: error }, "The web build's server-side render could not be loaded; serving the build-time pages");
            return null;
          })
      : Promise.resolve(null);
    return ssr;
  };
  const rendered = new Map<string, string>();

  async function renderBody(page: PrerenderedPage, url: string, site: PublicSite): Promise<string | null> {
    const key = `${url}\n${createHash('sha1').update(JSON.stringify(site)).digest('base64')}`;
    const cached = rendered.get(key);
    if (cached !== undefined) return cached;
    const module = await loadSsr();
    if (!module) return null;
    try {
      const result = await module.render(url, site);
      if (result.status !== 200 || result.html === null) return null;
      const body = stripHoisted(result.html);
      if (rendered.size >= CACHE_LIMIT) rendered.delete(rendered.keys().next().value as string);
      rendered.set(key, body);
      return body;
    } catch (error) {
      app.log.error({ err: error, path: page.path }, 'Server-side render failed; serving the build-time page');
      return null;
    }
  }

  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Host').type('text/html; charset=utf-8').send(html);

  for (const page of pages) {
    const file = readFileSync(path.join(dir, page.file), 'utf8');
    app.get(page.path, { exposeHeadRoute: true }, async (request, reply) => {
      // A parameter the page does not read but may change its first render (an impersonation token):
      // the browser renders it (no hydration), and no server render is made for it.
      const urls = pageUrls(page, request.query as Record<string, unknown>);
      if (!urls) return sendHtml(reply, shell);
      const site = await loadPublicSite(ctx, request);
      if (urls.apiKey && !site) return sendHtml(reply, shell);
      const url = urls.render;
      const head = pageHead(page, site, await originFor(ctx, request), urls.canonical);
      if (site) {
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string') reply.header('content-security-policy', allowInlineScript(csp, siteScript(site)));
      }
      const body = site ? await renderBody(page, url, site) : null;
      return sendHtml(reply, body === null ? assemblePage(file, head, null) : assemblePage(shell, head, body));
    });
  }

  app.get('/robots.txt', { exposeHeadRoute: true }, async (request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(await originFor(ctx, request))),
  );
  app.get('/sitemap.xml', { exposeHeadRoute: true }, async (request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(
        sitemapXml(
          await originFor(ctx, request),
          pages.filter((page) => page.sitemap).map((page) => page.path),
        ),
      ),
  );
}
