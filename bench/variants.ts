/**
 * Built servers or Node flag sets side by side, each against an A/A pair in the same run: idle RSS
 * 2 s after a start, and the server's CPU per answer of the 50-row package page.
 *
 *   npm run bench:variants -- [--database mem_lean] [--starts 4] [--rounds 10] [--seconds 3] [--port 3640]
 *                             LABEL=DIR[|FLAG|ENV:NAME=VALUE...] ...
 *
 * DIR holds a built server.js (apps/api/dist, or a copy: give a V8 flag set a directory of its own,
 * V8 refuses a code cache saved under other flags). Name the same variant twice (A1, A2) for the
 * A/A. The database must be bench:lean's, filled and kept (`npm run bench:lean -- --database NAME
 * --keep`): its packages and bench admin.
 * 1. RSS: one unmeasured start per variant (the code cache), then --starts rounds of one start per
 *    variant, the order reversed every other round, production mode, RSS 2 s after the first 200.
 * 2. CPU: every variant up at once (NODE_ENV=test: no rate limits), the bench admin signed in to
 *    each; --rounds rounds of --seconds windows per variant and encoding (none, gzip), the order
 *    rotated each round; CPU time of the server process per 2xx answer, median, and its ratio to the
 *    first variant's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './lib/api-servers';
import { BENCH_ADMIN } from './lib/dataset';
import { cpuMs, load1, measure, rssMiB } from './lib/measure';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    database: { type: 'string', default: 'mem_lean' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    starts: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '3' },
    port: { type: 'string', default: '3640' },
  },
});
const DATABASE_URL = `${values.url.replace(/\/$/, '')}/${values.database}`;
const PAGE = '/api/packages?page=1&limit=50';
const ENCODINGS = { none: {}, gzip: { 'accept-encoding': 'gzip' } } as const;
type Encoding = keyof typeof ENCODINGS;
const JWT_SECRET = 'bench-lean-secret-0123456789abcdef0123456789';
let nextPort = Number(values.port);

interface Variant {
  label: string;
  server: string;
  flags: string[];
  env: Record<string, string>;
  rss: number[];
  cpu: Record<Encoding, number[]>;
}
const variants: Variant[] = positionals.map((spec) => {
  const at = spec.indexOf('=');
  const [dir = '', ...rest] = spec.slice(at + 1).split('|');
  const env = Object.fromEntries(rest.filter((w) => w.startsWith('ENV:')).map((w) => w.slice(4).split('=') as [string, string]));
  const flags = rest.filter((w) => w && !w.startsWith('ENV:'));
  return { label: spec.slice(0, at), server: path.resolve(dir, 'server.js'), flags, env, rss: [], cpu: { none: [], gzip: [] } };
});
if (variants.length < 2) throw new Error('name two variants or more: LABEL=DIR[|FLAG...]');

interface Running {
  child: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

async function start(v: Variant, nodeEnv: 'production' | 'test'): Promise<Running> {
  const port = nextPort++;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-variants-'));
  const child = spawn(process.execPath, [...v.flags, v.server], {
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      DATA_DIR: dataDir,
      ...v.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${v.label} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { child, port, stop };
}

async function window(s: Running, token: string, encoding: Encoding): Promise<number> {
  const pid = s.child.pid ?? 0;
  const before = cpuMs(pid);
  const { result } = await measure({
    url: `http://127.0.0.1:${s.port}${PAGE}`,
    headers: { authorization: `Bearer ${token}`, ...ENCODINGS[encoding] },
    connections: 10,
    duration: Number(values.seconds),
  });
  if (result.non2xx + result.errors > 0) throw new Error(`package page: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return (cpuMs(pid) - before) / Math.max(1, result['2xx']);
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} (is ${values.database} bench:lean's database?)`);
  return ((await res.json()) as { token: string }).token;
}

console.log(`bench:variants ${new Date().toISOString()}, load ${load1()}, ${DATABASE_URL}`);
for (const v of variants) console.log(`  ${v.label}: ${v.server} [${[...v.flags, ...Object.keys(v.env)].join(' ')}]`);

for (const v of variants) await (await start(v, 'production')).stop();
for (let i = 0; i < Number(values.starts); i++) {
  for (const v of i % 2 ? [...variants].reverse() : variants) {
    const s = await start(v, 'production');
    await new Promise((r) => setTimeout(r, 2000));
    v.rss.push(rssMiB(s.child.pid ?? 0));
    await s.stop();
  }
}
console.log(`RSS 2 s after start (MiB), ${Number(values.starts)} starts alternated, load ${load1()}:`);
for (const v of variants) console.log(`  ${v.label}: ${v.rss.map((x) => x.toFixed(1)).join(', ')} (median ${median(v.rss).toFixed(1)})`);

const running = await Promise.all(variants.map((v) => start(v, 'test')));
try {
  const tokens: string[] = [];
  for (const s of running) tokens.push(await signIn(s.port));
  for (const [i, s] of running.entries()) await window(s, tokens[i] as string, 'none'); // warm-up
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
      for (let k = 0; k < variants.length; k++) {
        const i = (k + r) % variants.length;
        (variants[i] as Variant).cpu[encoding].push(await window(running[i] as Running, tokens[i] as string, encoding));
      }
    }
    console.log(`  round ${r + 1} done (load ${load1()})`);
  }
} finally {
  await Promise.all(running.map((s) => s.stop()));
}
console.log(`CPU per 50-row page (ms), median of ${values.rounds} windows of ${values.seconds} s, / ${variants[0]?.label}:`);
for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
  const first = median((variants[0] as Variant).cpu[encoding]);
  for (const v of variants) {
    const m = median(v.cpu[encoding]);
    console.log(
      `  ${encoding} ${v.label}: ${m.toFixed(3)} (${(m / first).toFixed(2)}); windows ${v.cpu[encoding].map((x) => x.toFixed(2)).join(' ')}`,
    );
  }
}
console.log(`end ${new Date().toISOString()}, load ${load1()}`);
