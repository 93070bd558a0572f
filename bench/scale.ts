/**
 * Which hot paths grow with the data: the same API on a small data set (default 20,000 packages)
 * and on a large one (default 1,000,000), both up at once, each path driven in interleaved windows
 * (small, large, then large, small, ...) so both see the same machine load. Per path: the median
 * time per request and the CPU per request of the Node server and of its PostgreSQL backends, and
 * large / small as ratios. An index-backed path stays near 1x; a path that reads a slice of the
 * courier's packages grows with it.
 *
 *   npm run bench:scale -- [--url postgres://postgres@127.0.0.1:5432] [--small 20000] [--large 1000000]
 *                          [--seconds 3] [--rounds 3] [--connections 1] [--only scan,search] [--keep] [--reuse]
 *                          [--prefix bench] [--ref <git ref>]
 *
 * Each size has its own database on the server (`bench_20k`, `bench_1m`; `--prefix` names them otherwise), filled by the set-based
 * generator (bench/lib/dataset.ts; invoices: a fifth of the packages) and dropped at the end unless
 * --keep; --reuse keeps a filled one. `--ref` runs the servers on that commit's API (old against new:
 * one run each, on the same databases). One connection by default: the time is the path's, not a queue's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { type Server, bundle, median, signInAs, sourcesOf, start } from './lib/api-servers';
import { BENCH_ADMIN, BENCH_COURIER_CODE } from './lib/dataset';
import { fillUnlessFilled } from './lib/fill';
import { cpuMs, load1, measure } from './lib/measure';
import { type ServerDatabase, serverDatabase } from './lib/server-database';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const serverUrl = option('url') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const sizes = { small: Number(option('small') ?? 20_000), large: Number(option('large') ?? 1_000_000) };
const seconds = Number(option('seconds') ?? 3);
const rounds = Number(option('rounds') ?? 3);
const connections = Number(option('connections') ?? 1);
const only = option('only')?.split(',');
const keep = args.includes('--keep');
const reuse = args.includes('--reuse');
const prefix = option('prefix') ?? 'bench';
const ref = option('ref');
const CUSTOMER_PASSWORD = 'BenchCustomer#2026';

type Size = keyof typeof sizes;
const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${Math.round(n / 1000)}k`);
const dbName = (n: number) => `${prefix}_${label(n)}`.replace('.', '_');
const SUPER_ADMIN = { email: 'bench-super@bench.test', password: 'BenchSuper#2026' };

interface Samples {
  tracking: string[];
  mailboxes: string[];
  customerEmail: string;
  customerPackages: number;
  packages: number;
  invoices: number;
}

type Rows<T> = { rows: T[] };

/** Fills the size's database unless it is filled; gives one customer of the bench courier a password. */
async function prepare(db: ServerDatabase, packages: number): Promise<Samples> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-'));
  // No statement timeout: inserting a million rows takes longer than a request may on a loaded machine.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    DATABASE_STATEMENT_TIMEOUT_MS: '0',
  });
  const { ctx, database } = await createRuntime(config);
  const run = <T>(q: ReturnType<typeof sql>) => (ctx.db.execute(q) as Promise<unknown>).then((r) => (r as Rows<T>).rows);
  try {
    await fillUnlessFilled(ctx.db, { packages, invoices: Math.round(packages / 5), tickets: 0 });
    const courier = sql`(select id from couriers where code = ${BENCH_COURIER_CODE})`;
    // The customer with the most packages: the customer's list at its fullest.
    const [customer] = await run<{ id: number; email: string; n: number }>(sql`
      select c.id, c.email, count(*)::int as n from packages p join customers c on c.id = p.customer_id
      where p.courier_id = ${courier} group by c.id order by count(*) desc, c.id limit 1`);
    if (!customer) throw new Error('no customer with packages');
    await run(sql`update customers set password_hash = ${await hashPassword(CUSTOMER_PASSWORD)} where id = ${customer.id}`);
    await run(sql`insert into users (courier_id, role, first_name, last_name, email, password_hash)
      values (null, 'super_admin', 'Bench', 'Super', ${SUPER_ADMIN.email}, ${await hashPassword(SUPER_ADMIN.password)})
      on conflict do nothing`);
    const tracking = await run<{ t: string }>(
      sql`select tracking_number as t from packages where courier_id = ${courier} order by random() limit 200`,
    );
    const mailboxes = await run<{ m: string }>(sql`select c.mailbox_number as m from customers c
      where c.courier_id = ${courier} and exists (select 1 from packages p where p.customer_id = c.id) order by random() limit 200`);
    const [counts] = await run<{ p: number; i: number }>(
      sql`select (select count(*)::int from packages) as p, (select count(*)::int from invoices) as i`,
    );
    return {
      tracking: tracking.map((r) => r.t),
      mailboxes: mailboxes.map((r) => r.m),
      customerEmail: customer.email,
      customerPackages: customer.n,
      packages: counts?.p ?? 0,
      invoices: counts?.i ?? 0,
    };
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const list = (base: string, params: Record<string, unknown>) =>
  `${base}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface PathSpec {
  name: string;
  who: 'admin' | 'customer' | 'super';
  paths: (s: Samples) => string[];
}

/** The hot paths: the warehouse's scan, the staff list and its filters, search, the customer's list, counts, invoices. */
const PATHS: PathSpec[] = [
  {
    name: 'scan lookup (200 known numbers)',
    who: 'admin',
    paths: (s) => s.tracking.map((t) => `/api/packages/scan?trackingNumber=${encodeURIComponent(t)}`),
  },
  { name: 'staff list, newest 50', who: 'admin', paths: () => [list('/api/packages', { page: '1', limit: '50' })] },
  {
    name: 'staff list, status=ready_for_pickup',
    who: 'admin',
    paths: () => [
      list('/api/packages', { page: '1', limit: '50', sort: 'receivedAt', order: 'desc', filters: { status: 'ready_for_pickup' } }),
    ],
  },
  {
    name: 'staff list, status=delivered + mode=SEA, page 3',
    who: 'admin',
    paths: () => [
      list('/api/packages', { page: '3', limit: '50', sort: 'receivedAt', order: 'desc', filters: { status: 'delivered', mode: 'SEA' } }),
    ],
  },
  {
    name: 'staff list, received last 30 days, by customer name',
    who: 'admin',
    paths: () => [list('/api/packages', { page: '1', limit: '50', sort: 'customerName', order: 'asc', receivedFrom: day(-30) })],
  },
  {
    name: 'staff list, search = a tracking number',
    who: 'admin',
    paths: (s) => s.tracking.slice(0, 50).map((t) => list('/api/packages', { page: '1', limit: '50', search: t })),
  },
  {
    name: 'staff list, search = a mailbox number',
    who: 'admin',
    paths: (s) => s.mailboxes.slice(0, 50).map((m) => list('/api/packages', { page: '1', limit: '50', search: m })),
  },
  {
    name: 'staff list, filter mailboxNumber',
    who: 'admin',
    paths: (s) => s.mailboxes.slice(0, 50).map((m) => list('/api/packages', { page: '1', limit: '50', filters: { mailboxNumber: m } })),
  },
  {
    name: "customer's own packages, page of 10",
    who: 'customer',
    paths: () => [list('/api/customer/packages', { page: '1', limit: '10' })],
  },
  { name: 'admin dashboard (counts)', who: 'admin', paths: () => ['/api/dashboard'] },
  { name: 'super admin dashboard (every courier)', who: 'super', paths: () => ['/api/dashboard'] },
  { name: 'staff invoice list, newest 50', who: 'admin', paths: () => [list('/api/invoices', { page: '1', limit: '50' })] },
  { name: "customer's invoices, page of 10", who: 'customer', paths: () => [list('/api/invoices', { page: '1', limit: '10' })] },
];

/** CPU so far of the PostgreSQL backends connected to `database` (the server is on this machine). */
async function backendCpuMs(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    [database],
  );
  return rows.reduce((sum, r) => sum + cpuMs(r.pid), 0);
}

interface Window {
  ms: number;
  nodeUs: number;
  dbUs: number;
  failed: number;
}

async function main(): Promise<void> {
  const dbs = { small: serverDatabase(serverUrl, dbName(sizes.small)), large: serverDatabase(serverUrl, dbName(sizes.large)) };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const servers: Partial<Record<Size, Server>> = {};
  try {
    const samples = {} as Record<Size, Samples>;
    for (const size of ['small', 'large'] as const) {
      if (!reuse) await dbs[size].recreate();
      samples[size] = await prepare(dbs[size], sizes[size]);
    }
    const source = ref ? await sourcesOf(ref) : undefined;
    const file = await bundle('api-server.ts', source ? { srcRoot: source.dir, name: 'api-server-ref' } : {});
    if (source) console.log(`servers on ${ref} (${source.sha})`);
    for (const size of ['small', 'large'] as const) {
      servers[size] = await start(file, {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        DATABASE_URL: dbs[size].url,
      });
    }
    const s = servers as Record<Size, Server>;
    const headers = {} as Record<Size, Record<PathSpec['who'], Record<string, string>>>;
    for (const size of ['small', 'large'] as const) {
      headers[size] = {
        admin: await signInAs(s[size].base, BENCH_ADMIN),
        super: await signInSuperAdmin(s[size].base),
        customer: await signInCustomer(s[size].base, samples[size].customerEmail),
      };
    }
    console.log(
      `\nsmall: ${samples.small.packages} packages, ${samples.small.invoices} invoices (${dbName(sizes.small)}); ` +
        `large: ${samples.large.packages} packages, ${samples.large.invoices} invoices (${dbName(sizes.large)}); ` +
        `the customer has ${samples.small.customerPackages} / ${samples.large.customerPackages} packages; ` +
        `${connections} connection(s), ${rounds} rounds of ${seconds} s; ${os.cpus().length} cores; load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const window = async (size: Size, spec: PathSpec, duration: number): Promise<Window> => {
      const requests = spec.paths(samples[size]).map((p) => ({ method: 'GET' as const, path: p }));
      const pid = s[size].child.pid ?? 0;
      const [node0, db0] = [cpuMs(pid), await backendCpuMs(admin, dbName(sizes[size]))];
      const { result, times } = await measure({ url: s[size].base, headers: headers[size][spec.who], connections, requests, duration });
      const [node1, db1] = [cpuMs(pid), await backendCpuMs(admin, dbName(sizes[size]))];
      const ok = Math.max(1, result['2xx']);
      return {
        ms: median(times),
        nodeUs: ((node1 - node0) * 1000) / ok,
        dbUs: ((db1 - db0) * 1000) / ok,
        failed: result.non2xx + result.errors,
      };
    };
    const rows: string[] = [];
    for (const spec of PATHS.filter((p) => !only || only.some((w) => p.name.includes(w)))) {
      for (const size of ['small', 'large'] as const) {
        const first = spec.paths(samples[size])[0] ?? '';
        const check = await fetch(`${s[size].base}${first}`, { headers: headers[size][spec.who] });
        if (!check.ok) throw new Error(`${spec.name} (${size}): ${check.status} ${await check.text()}`);
        await window(size, spec, 1); // warm-up: JIT, caches, the pool's connections
      }
      const got: Record<Size, Window[]> = { small: [], large: [] };
      const loads = [load1()];
      for (let round = 0; round < rounds; round += 1) {
        for (const size of round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
          got[size].push(await window(size, spec, seconds));
        }
        loads.push(load1());
      }
      const m = (size: Size, pick: (w: Window) => number) => median(got[size].map(pick));
      const ratio = (pick: (w: Window) => number) => m('large', pick) / Math.max(0.001, m('small', pick));
      const failed = [...got.small, ...got.large].reduce((sum, w) => sum + w.failed, 0);
      const flag = ratio((w) => w.dbUs) > 2 || ratio((w) => w.ms) > 2 ? ' **grows**' : '';
      const row =
        `| ${spec.name} | ${m('small', (w) => w.ms).toFixed(1)} | ${m('large', (w) => w.ms).toFixed(1)} | **${ratio((w) => w.ms).toFixed(2)}x**${flag} | ` +
        `${m('small', (w) => w.nodeUs).toFixed(0)} | ${m('large', (w) => w.nodeUs).toFixed(0)} | ${ratio((w) => w.nodeUs).toFixed(2)}x | ` +
        `${m('small', (w) => w.dbUs).toFixed(0)} | ${m('large', (w) => w.dbUs).toFixed(0)} | ${ratio((w) => w.dbUs).toFixed(2)}x | ${failed} | ${loads.join(', ')} |`;
      rows.push(row);
      console.log(row);
    }
    console.log(`\n### ${label(sizes.small)} and ${label(sizes.large)} packages, interleaved in one run\n`);
    console.log(
      `| Path | ms ${label(sizes.small)} | ms ${label(sizes.large)} | large / small | Node µs/req ${label(sizes.small)} | ${label(sizes.large)} | ratio | ` +
        `PostgreSQL µs/req ${label(sizes.small)} | ${label(sizes.large)} | ratio | failed | load 1 min |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log('\nms: median time per request; µs/req: CPU per answered request (the PostgreSQL backends read from /proc).');
  } finally {
    await Promise.all(Object.values(servers).map((srv) => srv?.stop()));
    await admin.end();
    if (!keep) await Promise.all([dbs.small.drop(), dbs.large.drop()]);
  }
}

async function signInSuperAdmin(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/super-admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SUPER_ADMIN),
  });
  if (!res.ok) throw new Error(`super admin login: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function signInCustomer(base: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/customers/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: CUSTOMER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`customer login: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

await main();
