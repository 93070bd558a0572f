import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

/**
 * The API reference, built on its first request: it must still describe every route the
 * app serves, with the schemas the routes validate against.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
}

describe('API reference', () => {
  it('describes every /api route the app registered, by method', async () => {
    const answer = await t.api('GET', '/docs/json');
    expect(answer.statusCode).toBe(200);
    const doc = answer.json() as OpenApiDocument;
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`)),
    );
    const served = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD')
      // OpenAPI writes path parameters as {id}.
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(150);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });

  it("carries the routes' zod schemas as parameters", async () => {
    const doc = (await t.api('GET', '/docs/json')).json() as OpenApiDocument;
    const list = doc.paths['/api/packages']?.get?.parameters?.map((p) => `${p.in}:${p.name}`) ?? [];
    expect(list).toEqual(expect.arrayContaining(['query:page', 'query:limit', 'query:search']));
  });

  it('serves Swagger UI without a sign-in', async () => {
    const page = await t.api('GET', '/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
    const missing = await t.api('GET', '/docs/static/no-such-file.js');
    expect(missing.statusCode).toBe(404);
  });
});
