/**
 * Before and after in the same run: another git ref's API and this tree's, both bundled from
 * bench/api-server.ts, up side by side on one database, each path driven in interleaved windows
 * (before, after, then after, before, ...) so both see the same machine load. Ratios are after /
 * before.
 */
import { type Figure, type Scenario, bundle, drive, median, signInAs, sourcesOf, start } from './api-servers';
import { load1 } from './measure';

export interface CompareOptions {
  beforeRef: string;
  /** The environment both servers run with (one DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  paths: Array<{ scenario: Scenario; auth: boolean }>;
  login: { email: string; password: string };
  seconds: number;
  connections: number;
  rounds: number;
}

export async function compareBeforeAfter(options: CompareOptions): Promise<void> {
  const { dir, sha } = await sourcesOf(options.beforeRef);
  const [beforeFile, afterFile] = await Promise.all([
    bundle('api-server.ts', { srcRoot: dir, name: 'api-before' }),
    bundle('api-server.ts', { name: 'api-after' }),
  ]);
  const servers = { before: await start(beforeFile, options.env), after: await start(afterFile, options.env) };
  const rows: Array<{ name: string; before: Figure[]; after: Figure[]; loads: string[] }> = [];
  try {
    const auth = { before: await signInAs(servers.before.base, options.login), after: await signInAs(servers.after.base, options.login) };
    for (const { scenario, auth: signedIn } of options.paths) {
      const run = (which: 'before' | 'after', warmUp: boolean) =>
        drive(servers[which], scenario, signedIn ? auth[which] : {}, {
          warmUp,
          duration: warmUp ? 1 : options.seconds,
          connections: options.connections,
        });
      await run('before', true);
      await run('after', true);
      const row = { name: scenario.name, before: [] as Figure[], after: [] as Figure[], loads: [load1()] };
      for (let round = 0; round < options.rounds; round += 1) {
        const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        for (const which of order) row[which].push(await run(which, false));
        row.loads.push(load1());
      }
      rows.push(row);
      const rps = (f: Figure[]) => median(f.map((x) => x.rps));
      console.log(
        `${row.name}: before ${rps(row.before).toFixed(0)} req/s, after ${rps(row.after).toFixed(0)} req/s, ` +
          `${(rps(row.after) / rps(row.before)).toFixed(2)}x (load ${row.loads.join(' → ')})`,
      );
    }
  } finally {
    await Promise.all([servers.before.stop(), servers.after.stop()]);
  }

  const med = (f: Figure[], pick: (x: Figure) => number) => median(f.map(pick));
  console.log(
    `\n### Before (${options.beforeRef}, ${sha}) and after (this tree), ${options.rounds} interleaved windows of ${options.seconds} s each\n`,
  );
  console.log(
    '| Path | req/s before | req/s after | after / before | Node CPU µs/req before | after | before / after | p95 ms before | after | failed | load 1 min |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const rps = [med(r.before, (x) => x.rps), med(r.after, (x) => x.rps)] as const;
    const cpu = [med(r.before, (x) => x.cpuUs), med(r.after, (x) => x.cpuUs)] as const;
    const p95 = [med(r.before, (x) => Number(x.p95)), med(r.after, (x) => Number(x.p95))] as const;
    const failed = [...r.before, ...r.after].reduce((s, x) => s + x.failed, 0);
    console.log(
      `| ${r.name} | ${rps[0].toFixed(0)} | ${rps[1].toFixed(0)} | **${(rps[1] / rps[0]).toFixed(2)}x** | ${cpu[0].toFixed(0)} | ${cpu[1].toFixed(0)} | ` +
        `${(cpu[0] / cpu[1]).toFixed(2)}x | ${p95[0].toFixed(1)} | ${p95[1].toFixed(1)} | ${failed} | ${r.loads.join(', ')} |`,
    );
  }
  console.log('\nWindows (req/s, before / after):');
  for (const r of rows) {
    console.log(`  ${r.name}: ${r.before.map((f) => f.rps.toFixed(0)).join(', ')} / ${r.after.map((f) => f.rps.toFixed(0)).join(', ')}`);
  }
}
