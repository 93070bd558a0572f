/**
 * A lean server: cold start, idle memory, and the CPU and bytes of a 50-row package
 * page, for this tree's API build against a "before" build of another git ref, in the same run.
 *
 *   npm run bench:lean -- [--url postgres://postgres@127.0.0.1:5432] [--before main] [--database bench_lean]
 *                         [--spawns 7] [--rounds 3] [--seconds 4] [--packages 100000] [--reuse] [--keep]
 *
 * 1. Builds both servers the way each tree's `npm run build` does (build-server.mjs when the tree has
 *    it): this tree's, and --before's (a git ref, default `main`, taken with `git archive`), each into
 *    apps/api/node_modules/.cache/courier-lean/ so their packages resolve like apps/api/dist's. The
 *    first spawn of a build with a code cache compiles and saves it; the median counts it too.
 * 2. Fills the database `bench_lean` (5 couriers, 50,000 customers, --packages packages) with
 *    this tree's migrations, unless --reuse finds it filled; dropped at the end unless --keep.
 * 3. Cold start: --spawns times each, alternating before/after, `node server.js` in production
 *    mode (SEED_DEMO=false) from spawn to the first 200 of `GET /api/health`, polled every 5 ms;
 *    the median, the CPU the process had used by then (which load stretches less than the wall
 *    clock), and each build's RSS 2 s after its start (median).
 * 4. Both servers up side by side (NODE_ENV=test: no rate limits); a courier admin signs in to
 *    each; 3 s of warm-up load on the package page; then --rounds rounds of interleaved windows
 *    (before, after, after, before...) of --seconds each, per encoding (none, gzip, br), with 10
 *    connections: the server process's CPU time per answer (from /proc) and the response's bytes
 *    on the wire (status line, headers and body as sent). RSS idle 3 s after the load.
 * Ratios are after / before: the machine is shared, and both saw the same load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { loadConfig } from '../apps/api/src/config';
import { createRuntime } from '../apps/api/src/context';
import { BENCH_ADMIN, type Run, countOf, generatePackages, vacuumAnalyze } from './lib/dataset';
import { extractRef, median } from './lib/api-servers';
import { insertBenchAdmin } from './lib/fill';
import { cpuMs, load1, measure, rssMiB } from './lib/measure';
import { serverDatabase } from './lib/server-database';

const ROOT = path.resolve(import.meta.dirname, '..');
const API = path.join(ROOT, 'apps/api');
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const serverUrl = option('url') ?? process.env.DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const beforeRef = option('before') ?? 'main';
const spawns = Number(option('spawns') ?? 7);
const rounds = Number(option('rounds') ?? 3);
const seconds = Number(option('seconds') ?? 4);
const packageCount = Number(option('packages') ?? 100_000);
const db = serverDatabase(serverUrl, option('database') ?? 'bench_lean');
const PAGE = '/api/packages?page=1&limit=50';
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];
const JWT_SECRET = 'bench-lean-secret-0123456789abcdef0123456789';
const DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'bench-lean-data-'));
const CACHE = path.join(API, 'node_modules', '.cache', 'courier-lean');
// Both servers hand out the web build when there is one, as `npm start` does.
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/**
 * Builds a tree's server the way its own apps/api/build.mjs does: with its build-server.mjs when it
 * has one (the bundle started through V8's code cache, decision 015), else as it was before (one ESM
 * file, packages left to Node). Migrations go beside it.
 */
async function bundle(srcRoot: string, name: string): Promise<string> {
  const outDir = path.join(CACHE, name);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const builder = path.join(srcRoot, 'apps/api/build-server.mjs');
  if (existsSync(builder)) {
    const { buildServer } = (await import(pathToFileURL(builder).href)) as {
      buildServer(options: { apiRoot: string; sharedRoot: string; outdir: string }): Promise<void>;
    };
    await buildServer({ apiRoot: path.join(srcRoot, 'apps/api'), sharedRoot: path.join(srcRoot, 'packages/shared'), outdir: outDir });
  } else {
    await build({
      entryPoints: [path.join(srcRoot, 'apps/api/src/server.ts')],
      outfile: path.join(outDir, 'server.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      alias: { '@courier/shared': path.join(srcRoot, 'packages/shared/src') },
      logLevel: 'warning',
    });
  }
  await cp(path.join(srcRoot, 'apps/api/src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return path.join(outDir, 'server.js');
}

/**
 * The sources of a git ref, extracted under apps/api/node_modules/.cache so that its build script
 * and its packages resolve from this checkout's node_modules.
 */
async function checkout(ref: string): Promise<{ dir: string; sha: string }> {
  const dir = path.join(CACHE, 'src-before');
  const sha = await extractRef(ref, dir, ['apps/api/src', 'packages/shared/src', 'apps/api/build-server.mjs']);
  return { dir, sha };
}

async function prepare(): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, SEED_DEMO: 'false', JWT_SECRET });
  const { ctx, database } = await createRuntime(config);
  const run: Run = (q) => ctx.db.execute(q);
  try {
    if ((await countOf(run, 'packages')) > 0) return console.log('reusing the generated data');
    const started = performance.now();
    await generatePackages(run, packageCount);
    await insertBenchAdmin(ctx.db);
    await vacuumAnalyze(run);
    console.log(`generated ${packageCount} packages in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

interface Server {
  child: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

/** The Node flags `npm run serve` starts the server with (root package.json of a ref, or of this tree). */
function serveFlags(packageJson: string): string[] {
  const serve = (JSON.parse(packageJson) as { scripts: Record<string, string> }).scripts.serve ?? '';
  return /^node((?: --\S+)*) apps\/api\/dist\/server\.js/.exec(serve)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}
const FLAGS = {
  before: serveFlags(execFileSync('git', ['show', `${beforeRef}:package.json`], { cwd: ROOT, encoding: 'utf8' })),
  after: serveFlags(readFileSync(path.join(ROOT, 'package.json'), 'utf8')),
};

/** Spawns `node server.js` and answers once `/api/health` gave its first 200, with the time it took. */
async function start(
  file: string,
  flags: string[],
  nodeEnv: 'production' | 'test',
): Promise<Server & { startMs: number; startCpuMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...flags, file], {
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      DATA_DIR,
      ...(existsSync(path.join(WEB_DIST, 'index.html')) ? { WEB_DIST } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${file} exited before answering`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
    });
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - t0;
  // The CPU the start took (user + system, all threads): what a loaded machine stretches, not adds to.
  const startCpuMs = cpuMs(child.pid ?? 0);
  return {
    child,
    port,
    startMs,
    startCpuMs,
    stop: async () => {
      if (exited) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** The bytes of one answer as sent: status line, headers and body (compressed if it was). */
function wireBytes(port: number, headers: Record<string, string>): Promise<{ total: number; body: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: PAGE, headers }, (res) => {
      let body = 0;
      res.on('data', (c: Buffer) => {
        body += c.length;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`package page: ${res.statusCode}`));
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders
          .map((h, i) => (i % 2 ? `${h}\r\n` : `${h}: `))
          .join('')}\r\n`;
        // Chunked transfer adds its own framing; count the body as received after de-chunking.
        resolve({ total: Buffer.byteLength(head) + body, body, encoding: String(res.headers['content-encoding'] ?? 'none') });
      });
    });
    req.on('error', reject);
  });
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** One window of load on the package page: CPU µs per 2xx answer of the server process. */
async function window(server: Server, headers: Record<string, string>, duration: number): Promise<{ cpuUs: number; rps: number }> {
  const pid = server.child.pid ?? 0;
  const before = cpuMs(pid);
  const { result } = await measure({ url: `http://127.0.0.1:${server.port}${PAGE}`, headers, connections: 10, duration });
  const cpu = cpuMs(pid) - before;
  if (result.non2xx + result.errors > 0) throw new Error(`package page: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { cpuUs: (cpu * 1000) / Math.max(1, result['2xx']), rps: result['2xx'] / result.duration };
}

async function main(): Promise<void> {
  console.log(`bench:lean ${new Date().toISOString()}, load ${load1()}, ${os.cpus().length} cores, Node ${process.version}`);
  const before = await checkout(beforeRef);
  const after = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', 'apps/api/src', 'packages/shared/src'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
  const files = { before: await bundle(before.dir, 'before'), after: await bundle(ROOT, 'after') };
  await rm(before.dir, { recursive: true, force: true });
  console.log(`before: ${beforeRef} (${before.sha}); after: this tree (${after}${dirty ? ', with uncommitted changes' : ''})`);
  console.log(`node flags (from npm run serve): before [${FLAGS.before.join(' ')}], after [${FLAGS.after.join(' ')}]`);
  if (!args.includes('--reuse')) await db.recreate();
  try {
    await prepare();
    const names = ['before', 'after'] as const;
    type Name = (typeof names)[number];

    // Cold starts, alternating so both see the same machine.
    const starts: Record<Name, number[]> = { before: [], after: [] };
    const startCpu: Record<Name, number[]> = { before: [], after: [] };
    const idle: Record<Name, number[]> = { before: [], after: [] };
    for (let i = 0; i < spawns; i++) {
      for (const name of i % 2 ? [...names].reverse() : names) {
        const s = await start(files[name], FLAGS[name], 'production');
        starts[name].push(s.startMs);
        startCpu[name].push(s.startCpuMs);
        await new Promise((r) => setTimeout(r, 2000));
        idle[name].push(rssMiB(s.child.pid ?? 0));
        await s.stop();
      }
      console.log(
        `  spawn ${i + 1}: before ${starts.before.at(-1)?.toFixed(0)} ms, after ${starts.after.at(-1)?.toFixed(0)} ms (load ${load1()})`,
      );
    }

    // The package page, both servers up, interleaved windows.
    const servers = { before: await start(files.before, FLAGS.before, 'test'), after: await start(files.after, FLAGS.after, 'test') };
    try {
      const tokens = { before: await signIn(servers.before.port), after: await signIn(servers.after.port) };
      const auth = (name: Name, encoding: Encoding) => ({
        authorization: `Bearer ${tokens[name]}`,
        ...(encoding === 'identity' ? {} : { 'accept-encoding': encoding }),
      });
      for (const name of names) await window(servers[name], auth(name, 'identity'), 3); // warm-up
      const bytes = {} as Record<Name, Record<Encoding, { total: number; body: number; encoding: string }>>;
      for (const name of names) {
        bytes[name] = {} as Record<Encoding, { total: number; body: number; encoding: string }>;
        for (const e of ENCODINGS) bytes[name][e] = await wireBytes(servers[name].port, auth(name, e));
      }
      const cpu: Record<Name, Record<Encoding, number[]>> = {
        before: { identity: [], gzip: [], br: [] },
        after: { identity: [], gzip: [], br: [] },
      };
      const rps: Record<Name, Record<Encoding, number[]>> = {
        before: { identity: [], gzip: [], br: [] },
        after: { identity: [], gzip: [], br: [] },
      };
      for (let r = 0; r < rounds; r++) {
        for (const e of ENCODINGS) {
          for (const name of r % 2 ? [...names].reverse() : names) {
            const w = await window(servers[name], auth(name, e), seconds);
            cpu[name][e].push(w.cpuUs);
            rps[name][e].push(w.rps);
          }
        }
        console.log(`  round ${r + 1} done (load ${load1()})`);
      }
      await new Promise((res) => setTimeout(res, 3000));
      const afterLoad = { before: rssMiB(servers.before.child.pid ?? 0), after: rssMiB(servers.after.child.pid ?? 0) };

      const ratio = (a: number, b: number) => (b === 0 ? '-' : `${(a / b).toFixed(2)}`);
      const ms = (x: number) => `${(x / 1000).toFixed(2)}`;
      console.log(`\n### Lean server (${new Date().toISOString().slice(0, 16)} UTC, load ${load1()})\n`);
      console.log(`| Figure | before (${beforeRef}, ${before.sha}) | after (${after}) | after / before |`);
      console.log('|---|---|---|---|');
      const sb = median(starts.before);
      const sa = median(starts.after);
      console.log(`| cold start, spawn to first 200 of /api/health, median of ${spawns} (s) | ${ms(sb)} | ${ms(sa)} | ${ratio(sa, sb)} |`);
      const cb0 = median(startCpu.before);
      const ca0 = median(startCpu.after);
      console.log(
        `| cold start, CPU until the first 200 (user + system), median of ${spawns} (s) | ${ms(cb0)} | ${ms(ca0)} | ${ratio(ca0, cb0)} |`,
      );
      const ib = median(idle.before);
      const ia = median(idle.after);
      console.log(`| RSS 2 s after start, median (MiB) | ${ib.toFixed(0)} | ${ia.toFixed(0)} | ${ratio(ia, ib)} |`);
      console.log(
        `| RSS idle 3 s after the package-page load (MiB) | ${afterLoad.before.toFixed(0)} | ${afterLoad.after.toFixed(0)} | ${ratio(afterLoad.after, afterLoad.before)} |`,
      );
      for (const e of ENCODINGS) {
        const cb = median(cpu.before[e]);
        const ca = median(cpu.after[e]);
        const label = e === 'identity' ? 'no Accept-Encoding' : `Accept-Encoding: ${e}`;
        console.log(
          `| 50-row page, ${label}: server CPU per request, median of ${rounds} windows (ms) | ${ms(cb)} | ${ms(ca)} | ${ratio(ca, cb)} |`,
        );
        console.log(
          `| 50-row page, ${label}: req/s (10 connections), median | ${median(rps.before[e]).toFixed(0)} | ${median(rps.after[e]).toFixed(0)} | ${ratio(median(rps.after[e]), median(rps.before[e]))} |`,
        );
        const bb = bytes.before[e];
        const ba = bytes.after[e];
        console.log(
          `| 50-row page, ${label}: bytes on the wire (body; encoding) | ${bb.total} (${bb.body}; ${bb.encoding}) | ${ba.total} (${ba.body}; ${ba.encoding}) | ${ratio(ba.total, bb.total)} |`,
        );
      }
      console.log(
        `\ncold starts (ms): before ${starts.before.map((x) => x.toFixed(0)).join(', ')}; after ${starts.after.map((x) => x.toFixed(0)).join(', ')}`,
      );
    } finally {
      await Promise.all([servers.before.stop(), servers.after.stop()]);
    }
  } finally {
    if (!args.includes('--keep')) await db.drop();
    await rm(DATA_DIR, { recursive: true, force: true });
  }
}

await main();
