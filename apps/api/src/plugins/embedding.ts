import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { embedOrigins } from '../lib/embed-origins';
import { resolvePublicCourier } from '../modules/public-site/index';

/** The pages a courier may embed in its own website: the customer sign-in, registration, reset and portal. */
export function isEmbeddablePath(pathname: string): boolean {
  return (
    pathname === '/login' ||
    pathname === '/register' ||
    pathname === '/reset-password' ||
    pathname === '/customer' ||
    pathname.startsWith('/customer/')
  );
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

/** Swaps helmet's `frame-ancestors 'none'` for the courier's own list. */
export function withFrameAncestors(csp: string, origins: readonly string[]): string {
  const directive = `frame-ancestors ${["'self'", ...origins].join(' ')}`;
  return /frame-ancestors [^;]*/.test(csp) ? csp.replace(/frame-ancestors [^;]*/, directive) : `${csp};${directive}`;
}

/**
 * Embedding: the HTML of the sign-in and portal pages served for a courier's tenant
 * (api key, approved host name, else the default courier) carries `frame-ancestors 'self'` and the
 * origins the courier allowed; every other response keeps helmet's `frame-ancestors 'none'` (and
 * X-Frame-Options). A courier with no origins is not embeddable anywhere.
 */
export function registerEmbedding(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'config'>): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    // A revalidated page (304) carries the policy too: the browser takes the 304's headers for the
    // cached page, and a 304 with 'none' blocked every reload of a framed portal.
    const revalidated = reply.statusCode === 304;
    if (!revalidated && (reply.statusCode !== 200 || !isHtml(reply))) return payload;
    const url = new URL(request.url, 'http://local');
    if (!isEmbeddablePath(url.pathname)) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return payload;
    const tenant = await resolvePublicCourier(ctx, request);
    if (!tenant) return payload;
    const origins = await embedOrigins(ctx.db, tenant.courier.id);
    if (origins.length === 0) return payload;
    reply.header('content-security-policy', withFrameAncestors(csp, origins));
    // frame-ancestors supersedes it, but an old browser reading SAMEORIGIN would refuse the frame.
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
