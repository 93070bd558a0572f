import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@courier/shared/messages';
import { buildTestApp, type TestApp } from '../../test/helper';

/**
 * The web build as the server hands it out (one wildcard route): files by path, the app's
 * own paths answered with index.html, unknown API paths with the JSON 404, never the server-side
 * render or a file outside the build.
 */
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'static-test-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '_ssr'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>the app</title>');
  await writeFile(path.join(dist, 'assets/app-1a2b3c.js'), 'console.log("app")');
  await writeFile(path.join(dist, 'hello.txt'), 'hello');
  // The build's own compressed copies (apps/web/vite.config.ts), sent as they are.
  const big = `export const words = ${JSON.stringify('parcel '.repeat(400))};`;
  await writeFile(path.join(dist, 'assets/big-4d5e6f.js'), big);
  await writeFile(path.join(dist, 'assets/big-4d5e6f.js.br'), brotliCompressSync(big));
  await writeFile(path.join(dist, 'assets/big-4d5e6f.js.gz'), gzipSync(big));
  await writeFile(path.join(dist, '_ssr/entry-server.js'), 'export const secret = "server code"');
  await writeFile(path.join(os.tmpdir(), 'static-test-outside.txt'), 'outside the build');
  t = await buildTestApp({ WEB_DIST: dist }, { serveWeb: true });
});

afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web build', () => {
  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await t.api({ method: 'GET', path: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await t.api({ method: 'GET', path: '/hello.txt' });
    expect(robots.body).toBe('hello');
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's compressed copy of a file to a browser that accepts it, else the file", async () => {
    const file = '/assets/big-4d5e6f.js';
    const br = await t.api({ method: 'GET', path: file, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(await readFile(path.join(dist, `${file}.br`)))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.api({ method: 'GET', path: file, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(await readFile(path.join(dist, file), 'utf8'));
    const plain = await t.api({ method: 'GET', path: file, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(await readFile(path.join(dist, file), 'utf8'));
  });

  it("answers the app's own paths with index.html, for a deep link or a reload", async () => {
    for (const url of ['/customer/packages', '/admin/manifests/12', '/assets/gone-000000.js']) {
      const page = await t.api({ method: 'GET', path: url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>the app</title>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("answers HEAD for files and the app's paths, and the 404 for an API route that has only GET", async () => {
    expect((await t.api({ method: 'HEAD', path: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
    expect((await t.api({ method: 'HEAD', path: '/customer/packages' })).statusCode).toBe(200);
    expect((await t.api('HEAD', '/packages')).statusCode).toBe(404);
  });

  it('answers an unknown API path with the JSON 404, signed in or not, whatever the method', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE'] as const) {
      const answer = await t.api(method, '/no-such-thing');
      expect(answer.statusCode, method).toBe(404);
      if (method !== 'HEAD') expect(answer.json(), method).toEqual({ message: API_MESSAGES.routeNotFound, code: 'not_found' });
    }
  });

  it('never hands out the server-side render or a file outside the build', async () => {
    const ssr = await t.api({ method: 'GET', path: '/_ssr/entry-server.js' });
    expect(ssr.body).not.toContain('server code');
    for (const url of ['/../static-test-outside.txt', '/%2e%2e/static-test-outside.txt', '/assets/..%2f..%2fstatic-test-outside.txt']) {
      const outside = await t.api({ method: 'GET', path: url });
      expect(outside.body, url).not.toContain('outside the build');
    }
  });
});
