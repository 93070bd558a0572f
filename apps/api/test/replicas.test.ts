import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../web/e2e/support/smtp-sink';
import { openDatabase } from '../src/db/client';
import { DEMO_LOGINS, seedDemo } from '../src/db/seed';
import { entryArgs } from './entry';
import { SAMPLE_PNG, multipart } from './multipart';
import { createScratchDatabase } from './pg-server';

/**
 * Two real API processes on one PostgreSQL database and one Redis, as two replicas behind a load
 * balancer: whatever one counts or revokes, the other sees; mail and daily jobs happen once.
 */
const REDIS_DB = 13;
const REDIS_URL = `redis://127.0.0.1:6379/${REDIS_DB}`;
const AUTH_LIMIT = 6;
const OUTBOX_MAILS = 24;
const BUCKET = 'courier-replicas';
const apiDir = path.resolve(import.meta.dirname, '..');

const scratch = await createScratchDatabase('courier_replicas');
const redisUp = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();
if (!scratch) console.warn('replicas test skipped: the run has no PostgreSQL (DATABASE_URL or the embedded one)');
if (!redisUp) console.warn('replicas test skipped: no Redis on 127.0.0.1:6379');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Replica {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
}

async function waitReady(replica: Replica, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (replica.child.exitCode !== null) throw new Error(`${replica.name} exited:\n${replica.output.join('')}`);
    const ok = await fetch(`${replica.base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${replica.name} not ready in time:\n${replica.output.join('')}`);
}

describe.skipIf(!scratch || !redisUp)('two API replicas on one PostgreSQL and one Redis', () => {
  const replicas: Replica[] = [];
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let s3: S3rver | undefined;
  let admin: pg.Client;
  let dataDir: string;
  let uncollectedIds: number[] = [];

  beforeAll(async () => {
    if (!scratch) return;
    // Migrate and seed once here: two replicas starting on an empty database would race to do it.
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    // Packages waiting 20 days: both replicas run the uncollected check as they start.
    const { rows } = await admin.query<{ id: number }>(
      `update packages set status = 'ready_for_pickup', ready_at = now() - interval '20 days', uncollected_since = null
       where id in (select id from packages order by id limit 3) returning id`,
    );
    uncollectedIds = rows.map((r) => r.id);
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    sink = await startSmtpSink(await freePort(), await freePort());
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'courier-replicas-'));
    // An S3-compatible server on loopback: uploads go there, not to either replica's disk.
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = await s3.run();

    for (const name of ['a', 'b']) {
      const port = await freePort();
      const child = spawn(process.execPath, entryArgs('src/server.ts'), {
        cwd: apiDir,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: scratch.url,
          DATABASE_POOL_SIZE: '4',
          REDIS_URL,
          JWT_SECRET: 'replicas-test-secret-0123456789abcdef',
          SEED_DEMO: 'false',
          DATA_DIR: path.join(dataDir, name),
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(sink.smtpPort),
          AUTH_RATE_LIMIT_PER_IP: String(AUTH_LIMIT),
          LOG_LEVEL: 'warn',
          STORAGE_URL: `s3://${BUCKET}/uploads`,
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
          AWS_REGION: 'us-east-1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const replica: Replica = { name, base: `http://127.0.0.1:${port}`, child, output: [] };
      child.stdout?.on('data', (chunk: Buffer) => replica.output.push(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => replica.output.push(chunk.toString()));
      replicas.push(replica);
    }
    // Two servers compiling with tsx (no build yet) on a loaded 2-core machine have taken over a minute to answer.
    const deadline = Date.now() + 100_000;
    await Promise.all(replicas.map((r) => waitReady(r, deadline)));
  }, 150_000);

  afterAll(async () => {
    // Killed whatever happened above, so no server outlives the suite.
    for (const r of replicas) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await Promise.all(
      replicas.map((r) => (r.child.exitCode === null ? new Promise((resolve) => r.child.once('exit', resolve)) : undefined)),
    );
    await admin?.end().catch(() => {});
    await sink?.close();
    await s3?.close();
    const redis = new Redis(REDIS_URL);
    await redis.flushdb().catch(() => {});
    await redis.quit();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const [a, b] = [() => replicas[0] as Replica, () => replicas[1] as Replica];
  const post = (r: Replica, url: string, body: unknown, token?: string) =>
    fetch(`${r.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('counts a rate limit across both replicas', async () => {
    const attempt = (r: Replica) => post(r, '/api/auth/super-admin/login', { email: 'nobody@example.test', password: 'wrong-password' });
    // Half the budget on each replica: each alone would still allow as many again.
    for (let i = 0; i < AUTH_LIMIT / 2; i++) {
      expect((await attempt(a())).status).toBe(401);
      expect((await attempt(b())).status).toBe(401);
    }
    expect((await attempt(a())).status).toBe(429);
    expect((await attempt(b())).status).toBe(429);
  });

  it('refuses on one replica a token logged out on the other', async () => {
    const login = DEMO_LOGINS.find((l) => l.role === 'courier_admin');
    const signIn = await post(a(), '/api/auth/login', { email: login?.email, password: login?.password });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const profile = (r: Replica) => fetch(`${r.base}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect((await profile(b())).status).toBe(200);
    expect((await post(a(), '/api/auth/logout', {}, token)).status).toBe(200);
    expect((await profile(b())).status).toBe(401);
  });

  it('serves through one replica a file uploaded through the other', async () => {
    const login = DEMO_LOGINS.find((l) => l.role === 'courier_admin');
    const signIn = await post(b(), '/api/auth/login', { email: login?.email, password: login?.password });
    const { token } = (await signIn.json()) as { token: string };
    const { rows } = await admin.query<{ id: number }>(`select courier_id as id from users where email = $1`, [login?.email]);
    const body = multipart({}, { field: 'logo', name: 'logo.png', type: 'image/png', data: SAMPLE_PNG });
    const upload = await fetch(`${a().base}/api/couriers/${rows[0]?.id}/logo`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    });
    expect(upload.status).toBe(200);
    const { logo_url } = (await upload.json()) as { logo_url: string };
    const download = await fetch(`${b().base}${logo_url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLE_PNG)).toBe(true);
  });

  it('sends each outbox mail once while both workers run', async () => {
    const before = sink.received.length;
    const subjects = Array.from({ length: OUTBOX_MAILS }, (_, i) => `replica mail ${i}`);
    await admin.query(
      `insert into email_outbox (to_address, subject, text_body) select 'someone@example.test', s, 'hello' from unnest($1::text[]) s`,
      [subjects],
    );
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int n from email_outbox where subject like 'replica mail %' and status <> 'sent'`,
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Give a duplicate send (if any) time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received = sink.received.slice(before).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim());
    expect(received.filter((s) => s?.startsWith('replica mail')).sort()).toEqual([...subjects].sort());
  });

  it('applies the uncollected check once though both replicas ran it', async () => {
    expect(uncollectedIds.length).toBeGreaterThan(0);
    const { rows } = await admin.query<{ package_id: number; n: number }>(
      `select package_id, count(*)::int n from package_events
       where note like 'Uncollected for more than%' and package_id = any($1::int[]) group by package_id`,
      [uncollectedIds],
    );
    expect(rows.map((r) => r.n)).toEqual(uncollectedIds.map(() => 1));
  });
});
