/**
 * API throughput, latency and memory on the hot paths, each as a ratio to a bare
 * Fastify route measured in the same run, on the embedded database or a PostgreSQL server.
 *
 *   npx tsx bench/api.ts [--db embedded|server] [--url postgres://postgres@127.0.0.1:5432]
 *                        [--packages 1000000] [--invoices 200000] [--tickets 2000]
 *                        [--seconds 10] [--connections 10] [--data-dir DIR] [--keep] [--reuse]
 *                        [--before REF [--only invoices,login] [--rounds 4]]
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
 * With --before, instead of 3 and 4: that git ref's API and this tree's, up side by side on the same
 * data, each path in --rounds interleaved windows (bench/lib/api-compare.ts); ratios after / before.
 * The per-IP and per-account rate limits are lifted (NODE_ENV=test): the figures are the cost of
 * the work, not of being refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';
import { BENCH_ADMIN, BENCH_COURIER_CODE, type CountedTable, type DatasetSize, FULL_SIZE, type Run, countOf } from './lib/dataset';
import { type Figure, type Scenario, type Server, bundle, drive as driveFor, signInAs, start } from './lib/api-servers';
import { compareBeforeAfter } from './lib/api-compare';
import { fillUnlessFilled } from './lib/fill';
import { serverDatabase } from './lib/server-database';
import { pssMiB, rssMiB, sampleRss } from './lib/measure';

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
/** A git ref: compare its API with this tree's instead of with the bare route. */
const beforeRef = option('before');
/** Only the paths whose name contains one of these words (comma-separated), e.g. `invoices,login`. */
const only = option('only')?.split(',');
const rounds = Number(option('rounds') ?? 4);
const reuse = args.includes('--reuse');
const DB_NAME = 'bench_api';
const engineName = process.env.EMBEDDED_DATABASE === 'pglite' ? 'PGlite' : 'embedded PostgreSQL';
const serverDb = serverDatabase(serverUrl, DB_NAME);

type Rows<T> = { rows: T[] };
const drive = (
  server: Server,
  scenario: Scenario,
  headers: Record<string, string>,
  options: { warmUp?: boolean; duration?: number } = {},
) => driveFor(server, scenario, headers, { duration: seconds, connections, ...options });

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
    await fillUnlessFilled(ctx.db, size);
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

function listUrl(params: Record<string, string | Record<string, string>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return `/api/packages?${q.toString()}`;
}

/** The app's paths, each with whether it needs the courier admin's token. */
function hotPaths(samples: Samples): Array<{ scenario: Scenario; auth: boolean }> {
  const loginBody = JSON.stringify(BENCH_ADMIN);
  const json = { 'content-type': 'application/json' };
  return [
    // Not a hot path: the app's plugins and hooks plus one `select 1`, without a token.
    {
      scenario: { name: 'reference: `GET /api/health` (no token, `select 1`)', requests: [{ method: 'GET', path: '/api/health' }] },
      auth: false,
    },
    {
      scenario: {
        name: '`POST /api/auth/login` (argon2id)',
        requests: [{ method: 'POST', path: '/api/auth/login', body: loginBody, headers: json }],
      },
      auth: false,
    },
    { scenario: { name: '`GET /api/auth/profile`', requests: [{ method: 'GET', path: '/api/auth/profile' }] }, auth: true },
    {
      scenario: { name: '`GET /api/tickets/unread/count`', requests: [{ method: 'GET', path: '/api/tickets/unread/count' }] },
      auth: true,
    },
    {
      scenario: {
        name: '`GET /api/packages?page=1&limit=50` (newest first)',
        requests: [{ method: 'GET', path: listUrl({ page: '1', limit: '50' }) }],
      },
      auth: true,
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
      auth: true,
    },
    {
      scenario: {
        name: `\`GET /api/packages/scan?trackingNumber=…\` (${samples.tracking.length} numbers)`,
        requests: samples.tracking.map((t) => ({ method: 'GET', path: `/api/packages/scan?trackingNumber=${encodeURIComponent(t)}` })),
      },
      auth: true,
    },
    {
      scenario: {
        name: `\`GET /api/invoices/:invoiceNo\` (${samples.invoiceNos.length} invoices)`,
        requests: samples.invoiceNos.map((n) => ({ method: 'GET', path: `/api/invoices/${encodeURIComponent(n)}` })),
      },
      auth: true,
    },
  ];
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
    if (beforeRef) {
      // Both builds on one database: the embedded cluster is started here and shared (its lock allows one opener).
      const cluster = kind === 'embedded' ? await startEmbeddedPostgres({ pgDir: path.join(dataDir, 'pg') }) : undefined;
      try {
        await compareBeforeAfter({
          beforeRef,
          env: { ...env, DATABASE_URL: cluster?.url ?? serverDb.url },
          paths: hotPaths(samples).filter((p) => !only || only.some((word) => p.scenario.name.includes(word))),
          login: BENCH_ADMIN,
          seconds,
          connections,
          rounds,
        });
      } finally {
        await cluster?.stop();
      }
      return;
    }
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
      const auth = await signInAs(api.base, BENCH_ADMIN);
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
        ...hotPaths(samples).map((p) => ({ scenario: p.scenario, headers: p.auth ? auth : {} })),
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
