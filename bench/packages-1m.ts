/**
 * The staff package list and the scan lookup with 1,000,000 packages across 5 couriers
 * (issue 6: p95 under 50 ms). Needs a PostgreSQL server; the data goes into its own database,
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
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? String(args[i + 1]) : fallback;
}
const serverUrl = arg('url', process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432');
const DB_NAME = 'bench_packages';
const dbUrl = () => {
  const u = new URL(serverUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
};

const COURIERS = 5;
const CUSTOMERS = 50_000;
const BRANCHES_PER_COURIER = 3;

interface Ready {
  port: number;
  token: string;
  courierId: number;
  branchId: number;
  tracking: string[];
  generatedMs: number;
  packageCount: number;
}

/** Set-based generation: one INSERT ... SELECT generate_series per table, then VACUUM ANALYZE. */
/** Numbers go into the generator's SQL as literals: as parameters PostgreSQL cannot type them. */
const N = (n: number) => sql.raw(String(Math.trunc(n)));

async function generate(run: (q: ReturnType<typeof sql>) => Promise<unknown>, total: number): Promise<void> {
  await run(sql`
    insert into couriers (name, code, api_key)
    select 'Bench Courier ' || g, 'BC' || g, 'ck_bench_' || g from generate_series(1, ${N(COURIERS)}) g`);
  await run(sql`
    insert into branches (courier_id, name, code)
    select c.id, (array['Kingston','Montego Bay','Mandeville'])[b], 'B' || b
    from couriers c cross join generate_series(1, ${N(BRANCHES_PER_COURIER)}) b order by c.id, b`);
  // Customers spread evenly over couriers and their branches.
  await run(sql`
    insert into customers (courier_id, branch_id, mailbox_number, first_name, last_name, email, password_hash, created_at)
    select c.id,
      (select min(id) from branches b where b.courier_id = c.id) + (g % ${N(BRANCHES_PER_COURIER)}),
      c.code || '-' || lpad(g::text, 6, '0'),
      (array['Andre','Keisha','Marlon','Tanya','Damion','Shanice','Omar','Kerry-Ann','Ricardo','Sasha'])[1 + g % 10],
      (array['Brown','Williams','Campbell','Thompson','Clarke','Reid','Morgan','Grant','Francis','Henry'])[1 + (g / 10) % 10] || ' ' || g,
      'c' || g || '@' || lower(c.code) || '.bench.test', 'x', now() - (g % 900 || ' days')::interval
    from couriers c cross join generate_series(1, ${N(CUSTOMERS / COURIERS)}) g order by c.id, g`);
  // About one manifest per 400 packages, alternating AIR (most) and SEA.
  await run(sql`
    insert into manifests (courier_id, manifest_number, type, branch_id, status, created_at)
    select c.id, 'MAN-' || lpad(m::text, 6, '0'), case when m % 5 = 0 then 'SEA' else 'AIR' end,
      (select min(id) from branches b where b.courier_id = c.id) + (m % ${N(BRANCHES_PER_COURIER)}),
      case when m > ${N(Math.ceil(total / COURIERS / 400))} - 3 then 'open' else 'reconciled' end,
      now() - ((${N(Math.ceil(total / COURIERS / 400))} - m) * interval '1 day' * 730 / ${N(Math.ceil(total / COURIERS / 400))})
    from couriers c cross join generate_series(1, ${N(Math.ceil(total / COURIERS / 400))}) m order by c.id, m`);
  // Packages: n is the package's number within its courier, the oldest first over two years.
  // Older packages are mostly delivered; the newest are received, in transit, at customs or ready.
  await run(sql`
    with base as materialized (
      select c.id as courier_id, c.code,
        (select min(id) from customers cu where cu.courier_id = c.id) as first_customer,
        (select count(*) from customers cu where cu.courier_id = c.id) as customer_count,
        (select min(id) from branches b where b.courier_id = c.id) as first_branch,
        (select min(id) from manifests m where m.courier_id = c.id) as first_manifest
      from couriers c
    ), raw as (
      select b.*, g, (g - 1) / ${N(COURIERS)} + 1 as n, ${N(total)} / ${N(COURIERS)} as per_courier, random() as r, random() as r2
      from generate_series(1, ${N(total)}) g
      join base b on b.code = 'BC' || (1 + g % ${N(COURIERS)})
    ), shaped as (
      select raw.*,
        now() - ((per_courier - n) * interval '730 days' / per_courier) - (r2 * interval '1 hour') as received,
        case
          when n > per_courier - per_courier / 100 then
            (array['received','received','in_transit','at_customs','ready_for_pickup'])[1 + floor(r * 5)::int]
          when n > per_courier - per_courier / 20 then
            (array['in_transit','at_customs','ready_for_pickup','ready_for_pickup','ready_for_pickup','delivered','on_hold'])[1 + floor(r * 7)::int]
          when r < 0.015 then 'unknown'
          when r < 0.02 then 'abandoned'
          when r < 0.025 then 'on_hold'
          else 'delivered'
        end as st,
        floor(r2 * customer_count)::int as cust_offset
      from raw
    )
    insert into packages (courier_id, package_number, tracking_number, carrier, customer_id, branch_id, status, weight_lb,
      mode, manifest_id, declared_value_usd_cents, description, merchant, received_at, ready_at, delivered_at, created_at, updated_at)
    select courier_id, 'PKG-' || lpad(n::text, 7, '0'),
      case g % 4 when 0 then '1Z' || code || lpad(n::text, 14, '0') when 1 then '9400' || lpad((g * 7)::text, 18, '0')
        when 2 then 'TBA' || lpad((g * 3)::text, 12, '0') else lpad((g * 11)::text, 12, '0') end,
      (array['UPS','USPS','AMAZON','FEDEX'])[1 + g % 4],
      case when st = 'unknown' then null else first_customer + cust_offset end,
      first_branch + (cust_offset % ${N(BRANCHES_PER_COURIER)}),
      st, round((0.5 + r * r * 40)::numeric, 2),
      case when g % 10 = 0 then 'SEA' else 'AIR' end,
      case when st in ('received','unknown') then null else first_manifest + least((n - 1) / 400, per_courier / 400 - 1) end,
      (500 + floor(r2 * 30000))::int,
      (array['Clothing','Shoes','Phone case','Books','Vitamins','Laptop','Kitchenware','Toys'])[1 + g % 8],
      (array['Amazon','Shein','eBay','Walmart','Temu','Best Buy'])[1 + g % 6],
      received,
      case when st in ('ready_for_pickup','delivered','abandoned','out_for_delivery') then received + interval '6 days' end,
      case when st = 'delivered' then received + interval '9 days' end,
      received, received + interval '6 days'
    from shaped`);
  // VACUUM as autovacuum would on a table this size: it sets the visibility map, without which every
  // count of the list's total reads the heap instead of an index-only scan.
  await run(sql`vacuum analyze`);
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
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: dbUrl() },
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

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function listUrl(params: Record<string, string | Record<string, string | number>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return `/api/packages?${q.toString()}`;
}

/** Runs autocannon and keeps every response time, for percentiles it does not report (p95). */
function measure(options: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve({ result, times })));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

function pct(times: number[], p: number): string {
  if (times.length === 0) return '-';
  const sorted = [...times].sort((a, b) => a - b);
  const at = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return at.toFixed(1);
}

async function drive(): Promise<void> {
  const seconds = Number(arg('seconds', '10'));
  const connections = Number(arg('connections', '10'));
  const keep = args.includes('--keep');
  if (!args.includes('--reuse')) {
    await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
    await adminQuery(`create database ${DB_NAME}`);
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
    if (!keep) await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  }
}

if (args.includes('--serve')) await serve();
else await drive();
