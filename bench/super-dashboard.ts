/**
 * The super admin's platform dashboard (`GET /api/dashboard`) alone, on the busy day's data (run
 * `npm run bench:busy -- --db server --database NAME --keep` first): the server's CPU per request
 * (Node, and the PostgreSQL backends of the database) and the statements per request. With --ref,
 * that ref's server and this tree's take turns, round after round, on the same data; --profile
 * prints where each server's Node CPU goes (a V8 profile of the first round):
 *
 *   npx tsx bench/super-dashboard.ts [--url postgres://postgres@127.0.0.1:5432] [--database speed_busy]
 *                                    [--rounds 3] [--seconds 3] [--ref REF] [--profile]
 *
 * Parallel query is off in the database meanwhile: a parallel worker lives a few milliseconds,
 * too short for the backend sampling, so its CPU would go uncounted.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { bundle, median, profiled, sourcesOf, start } from './lib/api-servers';
import { serverCpu } from './lib/busy-report';
import { summarize } from './lib/cpu-profile';
import { load1 } from './lib/measure';
import { serverDatabase } from './lib/server-database';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const serverUrl = option('url') ?? 'postgres://postgres@127.0.0.1:5432';
const database = option('database') ?? 'speed_busy';
const rounds = Number(option('rounds') ?? 3);
const seconds = Number(option('seconds') ?? 3);
const ref = option('ref');
const { url } = serverDatabase(serverUrl, database);
/** The busy day's super admin (bench/busy-day.ts makes them with this password). */
const SUPER_ADMIN = { email: 'busy-super_admin-0@bench.test', password: 'BusyDay#2026' };

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const commits = async () =>
  Number((await admin.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0]?.xact_commit);
const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const builds = [
  ...(ref ? [{ label: `${ref} (${execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim()})`, ref }] : []),
  { label: `this tree (${head})`, ref: undefined as string | undefined },
];
const files = new Map<string, string>();
for (const b of builds) {
  const srcRoot = b.ref ? (await sourcesOf(b.ref)).dir : undefined;
  files.set(b.label, await bundle('api-server.ts', { srcRoot, name: b.ref ? 'api-sadash-ref' : 'api-sadash' }));
}
const figures = new Map<string, Array<{ node: number; postgres: number; statements: number }>>(builds.map((b) => [b.label, []]));
const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: url };

await admin.query(`alter database ${database} set max_parallel_workers_per_gather = 0`);
try {
  console.log(`Super admin dashboard, ${database}, ${rounds} rounds of ${seconds} s; load ${load1()}`);
  for (let round = 0; round < rounds; round++) {
    for (const b of builds) {
      const server = await start(files.get(b.label) as string, env);
      try {
        const signIn = await fetch(`${server.base}/api/auth/super-admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(SUPER_ADMIN),
        });
        if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
        const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
        const ask = async () => {
          const res = await fetch(`${server.base}/api/dashboard`, { headers });
          if (!res.ok) throw new Error(`dashboard: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        };
        for (let i = 0; i < 20; i++) await ask();
        // Statements, in the first round: the database's committed transactions (one a statement
        // outside a transaction), once idle backends have flushed their statistics (10 s at most).
        let statements = figures.get(b.label)?.[0]?.statements ?? Number.NaN;
        if (round === 0) {
          const flushed = () => new Promise((r) => setTimeout(r, 11_000));
          await flushed();
          const before = await commits();
          for (let i = 0; i < 50; i++) await ask();
          await flushed();
          statements = ((await commits()) - before - 1) / 50;
        }
        if (round === 0 && args.includes('--profile')) {
          const { profile } = await profiled(server, async () => {
            const t0 = performance.now();
            while (performance.now() - t0 < seconds * 1000) await ask();
          });
          const summary = summarize(profile, 15);
          console.log(`  ${b.label}: Node busy ${summary.totalMs.toFixed(0)} ms; by area and function:`);
          for (const a of [...summary.areas, ...summary.functions]) console.log(`    ${(a.share * 100).toFixed(1)} % ${a.name}`);
        }
        const cpu = await serverCpu(server.child.pid ?? 0, url);
        const t0 = performance.now();
        let n = 0;
        while (performance.now() - t0 < seconds * 1000 || n < 20) {
          await ask();
          n += 1;
        }
        const spent = await cpu.stop();
        const f = { node: spent.node / n, postgres: spent.postgres / n, statements };
        figures.get(b.label)?.push(f);
        console.log(
          `  ${b.label}: ${(f.node + f.postgres).toFixed(2)} ms CPU a request (Node ${f.node.toFixed(2)}, PostgreSQL ${f.postgres.toFixed(2)}), ` +
            `${statements.toFixed(1)} statements, ${n} requests; load ${load1()}`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  for (const [label, runs] of figures) {
    const m = (pick: (f: { node: number; postgres: number; statements: number }) => number) => median(runs.map(pick)).toFixed(2);
    console.log(
      `median ${label}: ${m((f) => f.node + f.postgres)} ms CPU a request (Node ${m((f) => f.node)}, PostgreSQL ${m((f) => f.postgres)}), ${m((f) => f.statements)} statements`,
    );
  }
} finally {
  await admin.query(`alter database ${database} reset max_parallel_workers_per_gather`);
  await admin.end();
}
