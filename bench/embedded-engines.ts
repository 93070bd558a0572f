/**
 * The embedded database engines side by side (decision 012): PGlite and the embedded PostgreSQL,
 * interleaved round by round so both see the same machine load. Each round, for each engine, on
 * a fresh DATA_DIR with the built server (`npm run build` first):
 *
 * 1. first start (create the database, migrate, seed the demo): spawn to first 200 of /api/health;
 * 2. memory 3 s after that (Node plus its database processes: RSS sum and PSS sum);
 * 3. SIGTERM: time to exit, and whether a database process is left behind;
 * 4. second start on the same data: spawn to first 200, idle memory again;
 * 5. SIGKILL of Node, 1 s later whether a database process is left, then a third start (recovery).
 *
 *   npm run build && npx tsx bench/embedded-engines.ts --rounds 3
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { load1, pssMiB, rssMiB } from './lib/measure';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, port: { type: 'string', default: '4791' } } });
const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(values.port);
const engines = ['pglite', 'postgres'] as const;
type Engine = (typeof engines)[number];

function startServer(engine: Engine, dataDir: string): { child: ChildProcess; ready: Promise<number> } {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      EMBEDDED_DATABASE: engine,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.status === 200) return performance.now() - t0;
      } catch {}
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { child, ready };
}

/** postgres processes whose data directory is under `dataDir`. */
function leftovers(dataDir: string): number {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes('postgres') && l.includes(dataDir)).length;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

const rows: string[] = [];
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const engine of engines) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `engines-${engine}-`));
    try {
      const load = load1();
      const first = startServer(engine, dataDir);
      const firstMs = await first.ready;
      await new Promise((r) => setTimeout(r, 3000));
      const idle = { rss: rssMiB(first.child.pid ?? 0), pss: pssMiB(first.child.pid ?? 0) };
      const t = performance.now();
      first.child.kill('SIGTERM');
      await exited(first.child);
      const stopMs = performance.now() - t;
      await new Promise((r) => setTimeout(r, 300));
      const leftAfterTerm = leftovers(dataDir);

      const second = startServer(engine, dataDir);
      const secondMs = await second.ready;
      await new Promise((r) => setTimeout(r, 3000));
      const idle2 = { rss: rssMiB(second.child.pid ?? 0), pss: pssMiB(second.child.pid ?? 0) };
      second.child.kill('SIGKILL');
      await exited(second.child);
      await new Promise((r) => setTimeout(r, 1000));
      const leftAfterKill = leftovers(dataDir);

      const third = startServer(engine, dataDir);
      const thirdMs = await third.ready;
      third.child.kill('SIGTERM');
      await exited(third.child);
      rows.push(
        `| ${round} | ${engine} | ${firstMs.toFixed(0)} | ${idle.rss.toFixed(0)} / ${idle.pss.toFixed(0)} | ${stopMs.toFixed(0)} | ${leftAfterTerm} | ` +
          `${secondMs.toFixed(0)} | ${idle2.rss.toFixed(0)} / ${idle2.pss.toFixed(0)} | ${leftAfterKill} | ${thirdMs.toFixed(0)} | ${load} |`,
      );
      console.log(rows.at(-1));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
console.log(
  '\n| round | engine | first start ms | idle MiB RSS / PSS | SIGTERM to exit ms | left after SIGTERM | second start ms | idle MiB RSS / PSS | left 1 s after SIGKILL | start after SIGKILL ms | load 1 min |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
