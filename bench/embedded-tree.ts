/**
 * The embedded server's whole tree (Node, the guardian `sh`, the postmaster and every backend):
 * RSS and PSS summed, idle 3 s after a first start with the demo data, quiet --quiet s after it (the
 * start's work done: its extra connections closed, V8's memory reducer run), and again after 400
 * signed-in requests (the courier admin's dashboard, package and invoice pages, tickets and bells,
 * 10 at a time), 3 s after, and settled 12 s after the requests (the pool closes connections idle
 * for 2 s). Builds alternate round by round, each on a fresh DATA_DIR, so both see the same load.
 *
 *   npm run bench:tree -- [--servers DIR,DIR] [--rounds 2] [--port 3521] [--quiet 30]
 *
 * --servers: directories holding a built server.js (default: bench:lean's `before` and `after`
 * builds when present, else apps/api/dist). Each starts with `npm run serve`'s Node flags.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_LOGINS } from '../apps/api/src/db/demo-logins';
import { median } from './lib/api-servers';
import { productionEnv } from './lib/built-server';
import { load1, processTree, pssMiB, rssMiB } from './lib/measure';

const { values } = parseArgs({
  options: {
    servers: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    port: { type: 'string', default: '3521' },
    quiet: { type: 'string', default: '30' },
  },
});
const ROOT = path.resolve(import.meta.dirname, '..');
const LEAN = path.join(ROOT, 'apps/api/node_modules/.cache/courier-lean');
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const REQUESTS = 400;
const defaults = ['before', 'after'].map((name) => path.join(LEAN, name)).filter((dir) => existsSync(path.join(dir, 'server.js')));
const servers = values.servers?.split(',') ?? (defaults.length ? defaults : [path.join(ROOT, 'apps/api/dist')]);
const flags = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
const PAGES = [
  '/api/dashboard',
  '/api/packages?page=1&limit=50',
  '/api/invoices?page=1&limit=50',
  '/api/tickets?page=1&limit=25',
  '/api/tickets/unread/count',
  '/api/notifications/unread-count',
  '/api/customers?page=1&limit=25',
  '/api/manifests?page=1&limit=25',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function firstHealthy(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).status === 200) return;
    } catch {}
    await sleep(50);
  }
}

/** The process's own RSS and PSS (MiB), without its children. */
function own(pid: number): { rss: number; pss: number } {
  const kb = (file: string, field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? 0) / 1024;
  return { rss: kb('status', 'VmRSS'), pss: kb('smaps_rollup', 'Pss') };
}

function tree(pid: number) {
  return { rss: rssMiB(pid), pss: pssMiB(pid), processes: processTree(pid).length };
}

async function signedInLoad(): Promise<{ ok: number; other: Map<string, number> }> {
  const admin = DEMO_LOGINS.find((login) => login.role === 'courier_admin');
  if (!admin) throw new Error('no demo courier admin');
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const headers = { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  let next = 0;
  let ok = 0;
  const other = new Map<string, number>();
  const worker = async () => {
    while (next < REQUESTS) {
      const url = PAGES[next++ % PAGES.length] as string;
      const answer = await fetch(`${BASE}${url}`, { headers });
      await answer.arrayBuffer();
      if (answer.ok) ok++;
      else other.set(`${answer.status} ${url}`, (other.get(`${answer.status} ${url}`) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return { ok, other };
}

type Figures = {
  idle: ReturnType<typeof tree>;
  quiet: ReturnType<typeof tree>;
  after: ReturnType<typeof tree>;
  nodeIdle: ReturnType<typeof own>;
  nodeAfter: ReturnType<typeof own>;
};
const results = new Map<string, Figures[]>(servers.map((dir) => [dir, []]));

for (let round = 1; round <= Number(values.rounds); round++) {
  for (const dir of round % 2 ? servers : [...servers].reverse()) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-tree-'));
    const child = spawn(process.execPath, [...flags, path.join(dir, 'server.js')], {
      env: productionEnv(dataDir, PORT),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await firstHealthy(child);
      const started = Date.now();
      await sleep(3_000);
      const pid = child.pid as number;
      const idle = tree(pid);
      const nodeIdle = own(pid);
      await sleep(Math.max(0, Number(values.quiet) * 1000 - (Date.now() - started)));
      const quiet = tree(pid);
      const { ok, other } = await signedInLoad();
      await sleep(3_000);
      const after = tree(pid);
      const nodeAfter = own(pid);
      await sleep(9_000);
      const settled = tree(pid);
      results.get(dir)?.push({ idle, quiet, after, nodeIdle, nodeAfter, settled });
      console.log(
        `round ${round} ${path.basename(dir)}: idle RSS ${idle.rss.toFixed(0)} / PSS ${idle.pss.toFixed(0)} MiB (${idle.processes} processes, Node RSS / PSS ${nodeIdle.rss.toFixed(0)} / ${nodeIdle.pss.toFixed(0)}), ` +
          `quiet at ${values.quiet} s RSS ${quiet.rss.toFixed(0)} / PSS ${quiet.pss.toFixed(0)} MiB (${quiet.processes} processes), ` +
          `after ${ok} of ${REQUESTS} requests answered 2xx: RSS ${after.rss.toFixed(0)} / PSS ${after.pss.toFixed(0)} MiB (${after.processes} processes, Node RSS / PSS ${nodeAfter.rss.toFixed(0)} / ${nodeAfter.pss.toFixed(0)}), settled RSS ${settled.rss.toFixed(0)} / PSS ${settled.pss.toFixed(0)} MiB (${settled.processes} processes), load ${load1()}` +
          (other.size ? ` other: ${[...other].map(([k, n]) => `${k} x${n}`).join(', ')}` : ''),
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

console.log(
  `\n| build | tree idle RSS / PSS (MiB) | Node idle RSS / PSS | tree quiet (${values.quiet} s) RSS / PSS | tree after 400 requests RSS / PSS | Node after RSS / PSS | tree settled RSS / PSS |`,
);
console.log('|---|---|---|---|---|---|---|');
for (const [dir, figures] of results) {
  const m = (pick: (f: Figures) => number) => median(figures.map(pick)).toFixed(0);
  console.log(
    `| ${path.basename(dir)} | ${m((f) => f.idle.rss)} / ${m((f) => f.idle.pss)} | ${m((f) => f.nodeIdle.rss)} / ${m((f) => f.nodeIdle.pss)} | ${m((f) => f.quiet.rss)} / ${m((f) => f.quiet.pss)} | ${m((f) => f.after.rss)} / ${m((f) => f.after.pss)} | ${m((f) => f.nodeAfter.rss)} / ${m((f) => f.nodeAfter.pss)} | ${m((f) => f.settled.rss)} / ${m((f) => f.settled.pss)} |`,
  );
}
