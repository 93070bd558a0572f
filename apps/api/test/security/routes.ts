import type { FastifyInstance, HTTPMethods } from 'fastify';

/** One API route of app.routeTable, keyed the way the policy table names it. */
export interface ApiRoute {
  key: string;
  method: string;
  url: string;
  public: boolean;
}

/** Every /api route a client can call (Swagger UI's own routes and HEAD twins left out). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  return app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ ...r, key: `${r.method} ${r.url}` }));
}

export function methodOf(route: ApiRoute): HTTPMethods {
  return route.method as HTTPMethods;
}

/** Methods that carry a body. */
export function hasBody(route: ApiRoute): boolean {
  return route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
}

/** The parameter names of a route URL, in order. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
}

/**
 * Percent-encodes a path segment. A lone surrogate has no UTF-8 form: it goes out as the bytes
 * ED A0 80 and the like (invalid UTF-8), which the server must refuse as cleanly as any other.
 */
export function encodeSegment(value: string): string {
  return Array.from(value, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(ch);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  }).join('');
}

/** The URL with each `:param` replaced (values are percent-encoded). */
export function fillParams(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeSegment(value(name)));
}
