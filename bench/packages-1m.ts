/**
 * The staff package list and the scan lookup with 1,000,000 packages across 5 couriers
 * (p95 under 50 ms). Needs a PostgreSQL server; the data goes into its own database,
 * `bench_packages`, migrated with the app's migrations and dropped at the end unless --keep.
 *
 *   npm run bench:packages -- [--url postgres://postgres@127.0.0.1:5432] [--packages 1000000]
 *                             [--seconds 10] [--connections 10] [--keep] [--reuse]
 *
 * --reuse skips generation when a kept `bench_packages` already holds the data. The server runs in
 * a child process; autocannon drives it from this one over loopback, as a courier admin.
 * The per-IP rate limit is lifted (NODE_ENV=test) so the figures are auth + the queries.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Run, generatePackages, vacuumAnalyze } from './lib/dataset';
import { measure, pct } from './lib/measure';
import { serverDatabase } from './lib/server-database';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? String(args[i + 1]) : fallback;
}
const serverUrl = arg('url', process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432');
const DB_NAME = 'bench_packages';
const serverDb = serverDatabase(serverUrl, DB_NAME);

interface Ready {
  port: number;
  token: string;
  courierId: number;
  branchId: number;
  tracking: string[];
  generatedMs: number;
  packageCount: number;
}

/** The shared generator (bench/lib/dataset.ts), then VACUUM ANALYZE. */
async function generate(run: Run, total: number): Promise<void> {
  await generatePackages(run, total);
  await vacuumAnalyze(run);
}

async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { createRuntime } = await import('../apps/api/src/context');
  const { users } = await import('../apps/api/src/db/schema/users');
  const { subjectOf } = await import('../apps/api/src/lib/tokens');
  const total = Number(arg('packages', '1000000'));

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-packages-'));
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: serverDb.url },
    { DATA_DIR: dataDir },
  );
  const { ctx, database } = await createRuntime(config);
  const db = ctx.db;
  const run = (q: ReturnType<typeof sql>) => db.execute(q);

  const have = (await db.execute(sql`select count(*)::int as n from packages`)) as unknown as { rows: Array<{ n: number }> };
  const started = performance.now();
  if ((have.rows[0]?.n ?? 0) === 0) await generate(run, total);
  const generatedMs = performance.now() - started;

  const firstCourier = (await db.execute(
    sql`select c.id, (select min(id) from branches b where b.courier_id = c.id) as branch from couriers c where code = 'BC1'`,
  )) as unknown as { rows: Array<{ id: number; branch: number }> };
  const courier = firstCourier.rows[0];
  if (!courier) throw new Error('no courier BC1');
  await db.execute(sql`delete from users where email = 'bench-admin@bench.test'`);
  const [admin] = await db
    .insert(users)
    .values({
      courierId: courier.id,
      role: 'courier_admin',
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'bench-admin@bench.test',
      passwordHash: 'x',
    })
    .returning();
  if (!admin) throw new Error('admin');
  // 500 known tracking numbers of this courier, scattered over its history, for the scan lookup.
  const sample = (await db.execute(
    sql`select tracking_number from packages tablesample system (1) where courier_id = ${courier.id} limit 500`,
  )) as unknown as { rows: Array<{ tracking_number: string }> };
  const counted = (await db.execute(sql`select count(*)::int as n from packages`)) as unknown as { rows: Array<{ n: number }> };

  const token = (
    await ctx.tokens.sign({ sub: subjectOf('user', admin.id), role: 'courier_admin', type: 'access', courierId: courier.id }, 3600)
  ).token;
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready: Ready = {
    port,
    token,
    courierId: courier.id,
    branchId: courier.branch,
    tracking: sample.rows.map((r) => r.tracking_number),
    generatedMs,
    packageCount: counted.rows[0]?.n ?? 0,
  };
  process.send?.(ready);
  process.on('message', async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

function listUrl(params: Record<string, string | Record<string, string | number>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return `/api/packages?${q.toString()}`;
}

async function drive(): Promise<void> {
  const seconds = Number(arg('seconds', '10'));
  const connections = Number(arg('connections', '10'));
  const keep = args.includes('--keep');
  if (!args.includes('--reuse')) {
    await serverDb.recreate();
  }
  const child = fork(fileURLToPath(import.meta.url), ['--serve', ...args], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    console.log(
      `${ready.packageCount} packages in ${DB_NAME}` +
        (ready.generatedMs > 1000 ? ` (generated and analysed in ${(ready.generatedMs / 1000).toFixed(0)} s)` : ' (reused)') +
        `; courier admin of courier ${ready.courierId}; ${connections} connections, ${seconds} s each`,
    );
    const headers = { authorization: `Bearer ${ready.token}` };
    const scenarios: Array<{ name: string; paths: string[] }> = [
      { name: 'list, default sort (newest first)', paths: [listUrl({ page: '1', limit: '50' })] },
      {
        name: 'list, status=ready_for_pickup + branch, sort receivedAt desc',
        paths: [
          listUrl({
            page: '1',
            limit: '50',
            sort: 'receivedAt',
            order: 'desc',
            filters: { status: 'ready_for_pickup', branchId: ready.branchId },
          }),
        ],
      },
      {
        name: 'list, status=delivered + mode=SEA, sort receivedAt desc, page 3',
        paths: [listUrl({ page: '3', limit: '50', sort: 'receivedAt', order: 'desc', filters: { status: 'delivered', mode: 'SEA' } })],
      },
      {
        name: 'list, received in the last 30 days, sort customerName',
        paths: [
          listUrl({
            page: '1',
            limit: '50',
            sort: 'customerName',
            order: 'asc',
            receivedFrom: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
          }),
        ],
      },
      {
        name: 'scan lookup, known tracking number',
        paths: ready.tracking.map((t) => `/api/packages/scan?trackingNumber=${encodeURIComponent(t)}`),
      },
    ];
    const rows: string[] = [];
    for (const s of scenarios) {
      const base = `http://127.0.0.1:${ready.port}`;
      const check = await fetch(`${base}${s.paths[0]}`, { headers });
      if (!check.ok) throw new Error(`${s.name}: ${check.status} ${await check.text()}`);
      const requests = s.paths.map((p) => ({ method: 'GET' as const, path: p }));
      const options = { url: base, headers, connections, requests };
      await measure({ ...options, duration: 2 }); // warm-up
      const { result: r, times } = await measure({ ...options, duration: seconds });
      const line = `| ${s.name} | ${pct(times, 50)} | ${pct(times, 95)} | ${pct(times, 99)} | ${r.requests.average.toFixed(0)} | ${r.non2xx + r.errors} |`;
      rows.push(line);
      console.log(line);
    }
    console.log('\n| Request | p50 ms | p95 ms | p99 ms | req/s | failed |\n|---|---|---|---|---|---|');
    for (const line of rows) console.log(line);
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    if (!keep) await serverDb.drop();
  }
}

if (args.includes('--serve')) await serve();
else await drive();
