import type { FastifyInstance, HTTPMethods } from 'fastify';
import { askApp } from '../helper';
import type { JsonSchema } from './arbitraries';

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

/** A route's body and query schemas, as the OpenAPI document (generated from the zod schemas) states them. */
export interface Operation {
  body?: JsonSchema;
  query: Record<string, JsonSchema>;
}

export interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
      }
    >
  >;
}

const documents = new WeakMap<FastifyInstance, OpenApi>();

/**
 * Fetches the OpenAPI document the zod schemas generate, as a client would (/api/docs/json, built
 * on its first request), for the readers below: call it once before them (buildSecurityWorld does).
 */
export async function loadOpenApi(app: FastifyInstance): Promise<OpenApi> {
  const answer = await askApp(app, { method: 'GET', url: '/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`/api/docs/json: ${answer.statusCode}`);
  const doc = answer.json() as OpenApi;
  documents.set(app, doc);
  return doc;
}

/** The document loadOpenApi fetched for this app. */
export function openApiOf(app: FastifyInstance): OpenApi {
  const doc = documents.get(app);
  if (!doc) throw new Error('call loadOpenApi(app) first');
  return doc;
}

/** The body and query schemas of each route, from the OpenAPI document the zod schemas generate. */
export function readOperations(app: FastifyInstance): Map<string, Operation> {
  const doc = openApiOf(app);
  const map = new Map<string, Operation>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    const url = path.replace(/\{([A-Za-z]+)\}/g, ':$1');
    for (const [method, op] of Object.entries(ops)) {
      const query = Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]));
      map.set(`${method.toUpperCase()} ${url}`, { body: op.requestBody?.content?.['application/json']?.schema, query });
    }
  }
  return map;
}
