import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/client';
import { emailOutbox } from '../src/db/schema/index';
import { runUncollectedCheck } from '../src/jobs/uncollected-job';
import { type TestApp, askApp, buildTestApp } from './helper';

const TOKEN = 'metrics-token-for-tests-0123456789';
// Redis runs on 127.0.0.1:6379 on these machines and in CI; port 1 never answers.
const REDIS_URL = 'redis://127.0.0.1:6379/14';
const DEAD_REDIS_URL = 'redis://127.0.0.1:1/0';

describe('/api/ready', () => {
  it('is ready when the database answers (Redis not configured)', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.api('GET', '/ready');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('checks Redis when REDIS_URL is set', async () => {
    const t = await buildTestApp({ REDIS_URL });
    try {
      const res = await t.api('GET', '/ready');
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming Redis when it cannot be reached, with no internals', async () => {
    const t = await buildTestApp({ REDIS_URL: DEAD_REDIS_URL });
    try {
      const res = await t.api('GET', '/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Not ready: redis unreachable', failed: ['redis'] });
      // Liveness stays green: the process itself is fine.
      expect((await t.api('GET', '/health')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('checks the S3 bucket when STORAGE_URL is set, and names it when it cannot be reached', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'courier-ready-s3-'));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'ready', configs: [] }],
    });
    const { port } = await s3.run();
    const env = {
      STORAGE_URL: 's3://ready',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
    };
    // The SDK reads its credentials from the environment, as in production (undone below).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
    const up = await buildTestApp(env);
    const down = await buildTestApp({ ...env, S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      // The first check loads the S3 SDK (not loaded at start): on a loaded machine that alone can
      // outlast the 2 s a check may take, so readiness may come a moment later.
      await expect
        .poll(async () => (await up.api('GET', '/ready')).json(), { timeout: 30_000, interval: 500 })
        .toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
      const res = await down.api('GET', '/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Not ready: storage unreachable', failed: ['storage'] });
    } finally {
      vi.unstubAllEnvs();
      await up.close();
      await down.close();
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 naming the database when it fails', async () => {
    const t = await buildTestApp();
    const brokenDb = new Proxy(t.db, {
      get: (target, key, receiver) =>
        key === 'execute' ? () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')) : Reflect.get(target, key, receiver),
    }) as Db;
    const app = await buildApp({ ...t.ctx, db: brokenDb }, { logger: false });
    try {
      const res = await askApp(app, { method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Not ready: database unreachable', failed: ['database'] });
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      await app.close();
      await t.close();
    }
  });
});

describe('/api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.api('GET', '/metrics')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a missing or wrong token', async () => {
    expect((await t.api('GET', '/metrics')).statusCode).toBe(401);
    const wrong = await t.api({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('reports requests by route pattern and status, outbox depth and failures, and job runs', async () => {
    await t.api('GET', '/packages/12345');
    await t.api('GET', '/packages/67890');
    await t.db.insert(emailOutbox).values([
      { toAddress: 'a@example.com', subject: 'a', textBody: 'a' },
      { toAddress: 'b@example.com', subject: 'b', textBody: 'b' },
      { toAddress: 'c@example.com', subject: 'c', textBody: 'c', status: 'failed' },
    ]);
    // Job runs are counted per process (other files' rounds included): this round adds one.
    const before = await t.api({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    await runUncollectedCheck({ db: t.db, mailer: t.ctx.mailer });

    const res = await t.api({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/packages/:id",status="401"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/packages/:id",status="401"} 2');
    expect(text).not.toContain('/api/packages/12345');
    expect(text).toContain('email_outbox_messages{status="pending"} 2');
    expect(text).toContain('email_outbox_messages{status="failed"} 1');
    const uncollectedRuns = (body: string) => Number(/job_runs_total\{job="uncollected",outcome="ran"\} (\d+)/.exec(body)?.[1] ?? 0);
    expect(uncollectedRuns(text)).toBe(uncollectedRuns(before.body) + 1);
  });
});
