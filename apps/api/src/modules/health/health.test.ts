import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, buildTestApp } from '../../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('liveness and readiness', () => {
  it('/health answers without a token, naming the database kind and the time', async () => {
    const res = await t.api('GET', '/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', database: 'server' });
    expect(Math.abs(Date.parse(body.time) - Date.now())).toBeLessThan(60_000);
  });

  it('answers HEAD on /health and /ready (monitors ask so), and no HEAD on other API routes but the docs', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const head = await t.api('HEAD', url);
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
    }
    const heads = t.app.routeTable.filter((route) => route.method === 'HEAD').map((route) => route.url);
    expect(heads.sort()).toEqual(['/api/docs', '/api/docs/*', '/api/health', '/api/ready']);
    expect((await t.api('HEAD', '/packages')).statusCode).toBe(404);
  });

  it('/ready lists only the checks this deployment has (no Redis, no bucket: the database)', async () => {
    const res = await t.api('GET', '/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('answers 503 naming the database when its query fails', async () => {
    const failing = vi.spyOn(t.ctx.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      const ready = await t.api('GET', '/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Not ready: database unreachable', failed: ['database'] });
      const health = await t.api('GET', '/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ message: 'Database unreachable' });
    } finally {
      failing.mockRestore();
    }
    expect((await t.api('GET', '/health')).statusCode).toBe(200);
  });
});
