/**
 * The API as the benchmarks run it: bench/api-server.ts (the real `buildApp`) bundled with esbuild
 * from this tree or from another git ref's sources, forked as its own Node process, and driven by
 * autocannon over loopback.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { cpuMs, load1, measure, pct } from './measure';
import type { CpuProfile } from './cpu-profile';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'courier-bench');

/**
 * Extracts a git ref's sources (`git archive`) into `dir`, under this checkout's node_modules so its
 * imports of packages resolve from there; answers the ref's short hash.
 */
export async function extractRef(ref: string, dir: string, paths: string[]): Promise<string> {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const present = paths.filter((p) => {
    try {
      execFileSync('git', ['cat-file', '-e', `${ref}:${p}`], { cwd: ROOT, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  const tar = execFileSync('git', ['archive', ref, ...present], { cwd: ROOT, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return sha;
}

/**
 * Bundles a bench server entry (a file of bench/) with the API of `srcRoot` (this tree, or a ref
 * extracted by `sourcesOf`) beside node_modules, so its packages resolve, with the app's migrations.
 */
export async function bundle(entry: string, { srcRoot = ROOT, name = path.basename(entry, '.ts') } = {}): Promise<string> {
  const outDir = path.join(CACHE, name);
  await mkdir(outDir, { recursive: true });
  const outfile = path.join(outDir, `${path.basename(entry, '.ts')}.mjs`);
  if (srcRoot !== ROOT) await cp(path.join(ROOT, 'bench', entry), path.join(srcRoot, 'bench', entry));
  await build({
    entryPoints: [path.join(srcRoot, 'bench', entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@courier/shared': path.join(srcRoot, 'packages/shared/src') },
    logLevel: 'warning',
  });
  await cp(path.join(srcRoot, 'apps/api/src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return outfile;
}

/** The API sources of a git ref, ready for `bundle(entry, { srcRoot })`. */
export async function sourcesOf(ref: string): Promise<{ dir: string; sha: string }> {
  const dir = path.join(CACHE, `src-${ref.replace(/[^\w.-]/g, '_')}`);
  const sha = await extractRef(ref, dir, ['apps/api/src', 'packages/shared/src']);
  return { dir, sha };
}

export interface Server {
  child: ChildProcess;
  base: string;
  stop: () => Promise<void>;
}

/** Forks a bundled server; it tells its port over IPC and stops on a message. */
export async function start(file: string, env: NodeJS.ProcessEnv): Promise<Server> {
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

export interface Scenario {
  name: string;
  requests: Array<{ method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }>;
}

export interface Figure {
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

/** Drives one scenario for `duration` seconds (after 2 s of warm-up unless told not to). */
export async function drive(
  server: Server,
  scenario: Scenario,
  headers: Record<string, string>,
  { warmUp = true, duration = 10, connections = 10 } = {},
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

/** Signs in on the staff-side admin page; answers the bearer header. */
export async function signInAs(base: string, login: { email: string; password: string }): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Asks the server process for a V8 CPU profile of what it does while `work` runs (`--profile` servers). */
export async function profiled<T>(server: Server, work: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> {
  const reply = <K extends string>(key: K) =>
    new Promise<Record<K, unknown>>((resolve) => {
      const on = (m: unknown) => {
        if (m && typeof m === 'object' && key in m) {
          server.child.off('message', on);
          resolve(m as Record<K, unknown>);
        }
      };
      server.child.on('message', on);
    });
  const started = reply('profiling');
  server.child.send({ profile: 'start' });
  await started;
  const result = await work();
  const stopped = reply('profile');
  server.child.send({ profile: 'stop' });
  return { result, profile: (await stopped).profile as CpuProfile };
}
