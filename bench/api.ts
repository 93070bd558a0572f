/**
 * API throughput, latency and memory on the hot paths (issue 10), each as a ratio to a bare
 * Fastify route measured in the same run, on the embedded database or a PostgreSQL server.
 *
 *   npx tsx bench/api.ts [--db embedded|server] [--url postgres://postgres@127.0.0.1:5432]
 *                        [--packages 1000000] [--invoices 200000] [--tickets 2000]
 *                        [--seconds 10] [--connections 10] [--data-dir DIR] [--keep] [--reuse]
 *
 * --db defaults to `server` when DATABASE_URL is set, else `embedded`. The server database is
 * `bench_api` on --url (default DATABASE_URL, BENCH_PG_URL or the local server), dropped at the
 * end unless --keep; the embedded one is a temporary DATA_DIR, or --data-dir (kept). --reuse skips
 * generation when the database already holds the data.
 *
 * 1. Generates the data set (bench/lib/dataset.ts) in this process and closes the database.
 * 2. Bundles bench/bare-server.ts and bench/api-server.ts with esbuild and forks each as its own
 *    Node process; autocannon drives it from this process over loopback.
 * 3. For each hot path: the bare route for half of --seconds (at least 3 s), then the path (2 s
 *    warm-up, then --seconds). Each ratio is to the bare run just before it, so both saw the same
 *    machine load (the machine is shared; the bare route's rate alone moves by 2x over a run).
 *    A reference row drives the bare server's `/query` (one `select 1` through the raw driver): the
 *    ceiling of any path that needs the database at all.
 *    Beside req/s, each row gives the server process's CPU time per answer (from /proc), which the
 *    load of the shared machine hardly moves.
 * 4. RSS of both server processes (from /proc): idle after start, the peak sampled every 100 ms
 *    under load, and the API's idle again after the load.
 * The per-IP and per-account rate limits are lifted (NODE_ENV=test): the figures are the cost of
 * the work, not of being refused.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';
import { users } from '../apps/api/src/db/schema/users';
import { hashPassword } from '../apps/api/src/lib/passwords';
import {
  BENCH_ADMIN,
  BENCH_COURIER_CODE,
  type CountedTable,
  type DatasetSize,
  FULL_SIZE,
  type Run,
  countOf,
  generateInvoices,
  generatePackages,
  generateTickets,
  vacuumAnalyze,
} from './lib/dataset';
import { serverDatabase } from './lib/server-database';
import { cpuMs, load1, measure, pct, pssMiB, rssMiB, sampleRss } from './lib/measure';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}
const kind = (option('db') ?? (process.env.DATABASE_URL ? 'server' : 'embedded')) as 'embedded' | 'server';
const serverUrl = option('url') ?? process.env.DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const size: DatasetSize = {
  packages: Number(option('packages') ?? FULL_SIZE.packages),
  invoices: Number(option('invoices') ?? FULL_SIZE.invoices),
  tickets: Number(option('tickets') ?? FULL_SIZE.tickets),
};
const seconds = Number(option('seconds') ?? 10);
const connections = Number(option('connections') ?? 10);
const keep = args.includes('--keep');
const reuse = args.includes('--reuse');
const DB_NAME = 'bench_api';
const engineName = process.env.EMBEDDED_DATABASE === 'pglite' ? 'PGlite' : 'embedded PostgreSQL';
const serverDb = serverDatabase(serverUrl, DB_NAME);

type Rows<T> = { rows: T[] };
const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(0);

/** The environment both this process (to generate) and the server process open the database with. */
function databaseEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: kind === 'server' ? serverDb.url : '',
  };
}

interface Samples {
  tracking: string[];
  invoiceNos: string[];
  counts: Record<CountedTable, number>;
}

/** Fills the database unless it holds the data already; answers request samples of the bench courier. */
async function prepare(env: NodeJS.ProcessEnv): Promise<Samples> {
  const config = loadConfig(env);
  const { ctx, database } = await createRuntime(config);
  const run: Run = (q) => ctx.db.execute(q);
  try {
    if ((await countOf(run, 'packages')) === 0) {
      const started = performance.now();
      let step = performance.now();
      const done = (what: string) => {
        console.log(`  ${what} in ${secondsSince(step)} s (load ${load1()})`);
        step = performance.now();
      };
      console.log(`generating ${size.packages} packages, ${size.invoices} invoices, ${size.tickets} tickets per courier...`);
      await generatePackages(run, size.packages);
      done('couriers, customers, manifests, packages');
      const [courier] = ((await run(sql`select id from couriers where code = ${BENCH_COURIER_CODE}`)) as Rows<{ id: number }>).rows;
      if (!courier) throw new Error('no bench courier');
      const [admin] = await ctx.db
        .insert(users)
        .values({
          courierId: courier.id,
          role: 'courier_admin',
          firstName: 'Bench',
          lastName: 'Admin',
          email: BENCH_ADMIN.email,
          passwordHash: await hashPassword(BENCH_ADMIN.password),
        })
        .returning({ id: users.id });
      if (!admin) throw new Error('admin');
      await generateInvoices(run, size.invoices);
      done('invoices, lines, payments');
      await generateTickets(run, size.tickets, admin.id);
      done('tickets');
      await vacuumAnalyze(run);
      done('vacuum analyze');
      console.log(`generated in ${secondsSince(started)} s`);
    } else console.log('reusing the generated data');
    // Scattered over the courier's history: the scan lookup and the invoice detail rotate through them.
    const tracking = (
      (await run(sql`select tracking_number from packages
        where courier_id = (select id from couriers where code = ${BENCH_COURIER_CODE}) order by random() limit 500`)) as Rows<{
        tracking_number: string;
      }>
    ).rows.map((r) => r.tracking_number);
    const invoiceNos = (
      (await run(sql`select invoice_no from invoices
        where courier_id = (select id from couriers where code = ${BENCH_COURIER_CODE}) order by random() limit 500`)) as Rows<{
        invoice_no: string;
      }>
    ).rows.map((r) => r.invoice_no);
    const tables: CountedTable[] = ['packages', 'invoices', 'invoice_lines', 'invoice_packages', 'payments', 'customers', 'tickets'];
    const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await countOf(run, t)]))) as Record<
      CountedTable,
      number
    >;
    return { tracking, invoiceNos, counts };
  } finally {
    await database.close();
  }
}

/** Bundles a server entry beside node_modules (so its packages resolve) with the app's migrations. */
async function bundle(entry: string): Promise<string> {
  const outDir = path.join(ROOT, 'node_modules', '.cache', 'courier-bench');
  await mkdir(outDir, { recursive: true });
  const outfile = path.join(outDir, `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [path.join(ROOT, 'bench', entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@courier/shared': path.join(ROOT, 'packages/shared/src') },
    logLevel: 'warning',
  });
  await cp(path.join(ROOT, 'apps/api/src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return outfile;
}

interface Server {
  child: ChildProcess;
  base: string;
  stop: () => Promise<void>;
}

async function start(file: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const child = fork(file, [], { env, stdio: 'inherit' });
  const ready = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number }));
    child.once('exit', (code) => reject(new Error(`${path.basename(file)} exited with ${code}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${ready.port}`,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.send('stop');
      await exited;
    },
  };
}

interface Scenario {
  name: string;
  requests: Array<{ method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }>;
}

interface Figure {
  name: string;
  rps: number;
  p50: string;
  p95: string;
  p99: string;
  failed: number;
  /** The server process's CPU time per successful answer, in µs. */
  cpuUs: number;
  load: string;
}

async function drive(
  server: Server,
  scenario: Scenario,
  headers: Record<string, string> = {},
  { warmUp = true, duration = seconds } = {},
): Promise<Figure> {
  const first = scenario.requests[0];
  if (!first) throw new Error(`${scenario.name}: no request`);
  const check = await fetch(`${server.base}${first.path}`, {
    method: first.method,
    headers: { ...headers, ...first.headers },
    body: first.body,
  });
  if (!check.ok) throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
  const options = { url: server.base, headers, connections, requests: scenario.requests };
  if (warmUp) await measure({ ...options, duration: 2 }); // JIT, caches, the pool's connections
  const pid = server.child.pid ?? 0;
  const cpuBefore = cpuMs(pid);
  const { result, times } = await measure({ ...options, duration });
  const cpu = cpuMs(pid) - cpuBefore;
  return {
    name: scenario.name,
    // Successful answers only: a 429 or 5xx is cheaper than the real work and must not count.
    rps: result['2xx'] / result.duration,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    failed: result.non2xx + result.errors + result.timeouts,
    cpuUs: (cpu * 1000) / Math.max(1, result['2xx']),
    load: load1(),
  };
}

function listUrl(params: Record<string, string | Record<string, string>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return `/api/packages?${q.toString()}`;
}

async function main(): Promise<void> {
  let dataDir = option('data-dir');
  const ownDataDir = !dataDir;
  dataDir ??= await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
  if (kind === 'server' && !reuse) {
    await serverDb.recreate();
  }
  const env = databaseEnv(dataDir);
  try {
    const samples = await prepare(env);
    const where = kind === 'server' ? `PostgreSQL server (${DB_NAME})` : `${engineName} (${dataDir})`;
    console.log(
      `\ndatabase: ${where}; ${Object.entries(samples.counts)
        .map(([table, n]) => `${n} ${table}`)
        .join(', ')}; ${connections} connections, ${seconds} s per path; ` + `${os.cpus().length} cores, Node ${process.version}`,
    );
    const [bareFile, apiFile] = await Promise.all([bundle('bare-server.ts'), bundle('api-server.ts')]);

    // Both servers stay up; only the one being driven works. The bare route is measured right
    // before each path, so each ratio compares two runs under the same machine load.
    const bare = await start(bareFile, {
      ...process.env,
      NODE_ENV: 'production',
      BARE_DATABASE_URL: kind === 'server' ? serverDb.url : '',
    });
    const api = await start(apiFile, env);
    const rows: Array<{ figure: Figure; bare: Figure }> = [];
    const rss = { bareIdle: 0, barePeak: 0, idle: 0, peak: 0, after: 0, pssIdle: 0, pssAfter: 0, pssPeak: 0 };
    try {
      await new Promise((r) => setTimeout(r, 2000));
      const barePid = bare.child.pid ?? 0;
      const apiPid = api.child.pid ?? 0;
      rss.bareIdle = rssMiB(barePid);
      rss.idle = rssMiB(apiPid);
      rss.pssIdle = pssMiB(apiPid);
      const bareSampler = sampleRss(barePid);
      const sampler = sampleRss(apiPid);
      const pssSampler = sampleRss(apiPid, 250, pssMiB);
      const bareScenario: Scenario = { name: 'bare Fastify `GET /` → `{ ok: true }`', requests: [{ method: 'GET', path: '/' }] };
      const bareSeconds = Math.max(3, Math.round(seconds / 2));
      await drive(bare, bareScenario, {}, { duration: 1 }); // warm-up
      const loginBody = JSON.stringify(BENCH_ADMIN);
      const json = { 'content-type': 'application/json' };
      const signIn = await fetch(`${api.base}/api/auth/login`, { method: 'POST', headers: json, body: loginBody });
      if (!signIn.ok) throw new Error(`login: ${signIn.status} ${await signIn.text()}`);
      const token = ((await signIn.json()) as { token: string }).token;
      const auth = { authorization: `Bearer ${token}` };
      const scenarios: Array<{ scenario: Scenario; headers: Record<string, string>; server?: Server }> = [
        // The ceiling of any path that touches the database: the bare route plus one `select 1`
        // through the raw driver on the same database, none of the app's code.
        {
          scenario: {
            name: 'reference: bare Fastify + one `select 1` (raw driver, no app)',
            requests: [{ method: 'GET', path: '/query' }],
          },
          headers: {},
          server: bare,
        },
        // Not a hot path: the app's plugins and hooks plus one `select 1`, without a token.
        {
          scenario: { name: 'reference: `GET /api/health` (no token, `select 1`)', requests: [{ method: 'GET', path: '/api/health' }] },
          headers: {},
        },
        {
          scenario: {
            name: '`POST /api/auth/login` (argon2id)',
            requests: [{ method: 'POST', path: '/api/auth/login', body: loginBody, headers: json }],
          },
          headers: {},
        },
        { scenario: { name: '`GET /api/auth/profile`', requests: [{ method: 'GET', path: '/api/auth/profile' }] }, headers: auth },
        {
          scenario: { name: '`GET /api/tickets/unread/count`', requests: [{ method: 'GET', path: '/api/tickets/unread/count' }] },
          headers: auth,
        },
        {
          scenario: {
            name: '`GET /api/packages?page=1&limit=50` (newest first)',
            requests: [{ method: 'GET', path: listUrl({ page: '1', limit: '50' }) }],
          },
          headers: auth,
        },
        {
          scenario: {
            name: 'package list, `status=ready_for_pickup`, sort `receivedAt` desc',
            requests: [
              {
                method: 'GET',
                path: listUrl({ page: '1', limit: '50', sort: 'receivedAt', order: 'desc', filters: { status: 'ready_for_pickup' } }),
              },
            ],
          },
          headers: auth,
        },
        {
          scenario: {
            name: `\`GET /api/packages/scan?trackingNumber=…\` (${samples.tracking.length} numbers)`,
            requests: samples.tracking.map((t) => ({ method: 'GET', path: `/api/packages/scan?trackingNumber=${encodeURIComponent(t)}` })),
          },
          headers: auth,
        },
        {
          scenario: {
            name: `\`GET /api/invoices/:invoiceNo\` (${samples.invoiceNos.length} invoices)`,
            requests: samples.invoiceNos.map((n) => ({ method: 'GET', path: `/api/invoices/${encodeURIComponent(n)}` })),
          },
          headers: auth,
        },
      ];
      for (const { scenario, headers, server = api } of scenarios) {
        const bareFigure = await drive(bare, bareScenario, {}, { warmUp: false, duration: bareSeconds });
        const figure = await drive(server, scenario, headers);
        rows.push({ figure, bare: bareFigure });
        console.log(
          `${figure.name}: ${figure.rps.toFixed(0)} req/s, p95 ${figure.p95} ms, ${figure.cpuUs.toFixed(0)} µs CPU/req; ` +
            `bare ${bareFigure.rps.toFixed(0)} req/s (load ${figure.load})`,
        );
      }
      rss.peak = sampler.stop();
      rss.pssPeak = pssSampler.stop();
      rss.barePeak = bareSampler.stop();
      await new Promise((r) => setTimeout(r, 3000));
      rss.after = rssMiB(apiPid);
      rss.pssAfter = pssMiB(apiPid);
    } finally {
      await Promise.all([api.stop(), bare.stop()]);
    }

    const ratio = (r: { figure: Figure; bare: Figure }) => r.figure.rps / r.bare.rps;
    const row = (r: { figure: Figure; bare: Figure }) => {
      const f = r.figure;
      return `| ${f.name} | ${f.rps.toFixed(0)} | ${r.bare.rps.toFixed(0)} | ${ratio(r).toFixed(3)} | ${f.cpuUs.toFixed(0)} | ${r.bare.cpuUs.toFixed(0)} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.failed} | ${f.load} |`;
    };
    console.log(`\n### ${kind === 'server' ? 'PostgreSQL server' : `Embedded database (${engineName})`}\n`);
    console.log(
      '| Path | req/s | bare req/s (just before) | × bare | server CPU µs/req | bare CPU µs/req | p50 ms | p95 ms | p99 ms | failed | load 1 min |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(row(r));
    const bareRps = rows.map((r) => r.bare.rps);
    const missed = rows.filter((r) => !/login|reference/.test(r.figure.name) && ratio(r) < 0.25);
    console.log(
      `\nThe bare route answered ${Math.min(...bareRps).toFixed(0)} to ${Math.max(...bareRps).toFixed(0)} req/s across the run. ` +
        'Target ≥ 0.25 × bare on the hot paths: ' +
        (missed.length === 0 ? 'met by every path but login.' : `missed by ${missed.map((r) => r.figure.name).join(', ')}.`),
    );
    console.log('\n| Process | RSS idle MiB | RSS peak under load MiB | RSS idle after load MiB |');
    console.log('|---|---|---|---|');
    console.log(`| API server, ${kind} database | ${rss.idle.toFixed(0)} | ${rss.peak.toFixed(0)} | ${rss.after.toFixed(0)} |`);
    console.log(
      `| API server, ${kind} database, PSS (shared pages shared out) | ${rss.pssIdle.toFixed(0)} | ${rss.pssPeak.toFixed(0)} | ${rss.pssAfter.toFixed(0)} |`,
    );
    console.log(`| bare Fastify (with its raw database driver) | ${rss.bareIdle.toFixed(0)} | ${rss.barePeak.toFixed(0)} | - |`);
  } finally {
    if (kind === 'server' && !keep) await serverDb.drop();
    if (ownDataDir && !keep) await rm(dataDir, { recursive: true, force: true });
    else if (kind === 'embedded') console.log(`\nembedded data kept in ${dataDir} (rerun with --data-dir ${dataDir} --reuse)`);
  }
}

await main();
